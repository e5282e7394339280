import type { PortfolioStatus } from '@ballast/contract';
import { isPortfolioStatus } from '../../lib/portfolio-status.ts';
import { findPortfolioField, type PortfolioSort } from './portfolio-fields.ts';

/**
 * What the advisor chose to see: kept in the address (`?status=PENDING&q=smith&sort=-nav`) so
 * that coming back from a portfolio, reloading or sharing the link shows the same list.
 */
export type ListParams = {
  status: PortfolioStatus | null;
  search: string;
  sort: PortfolioSort | null;
};

/** Reads the choices from the address; anything it does not recognise counts as not chosen. */
export function readListParams(params: URLSearchParams): ListParams {
  const status = params.get('status');
  return {
    status: isPortfolioStatus(status) ? status : null,
    search: params.get('q') ?? '',
    sort: readSort(params.get('sort')),
  };
}

/** `nav` sorts by NAV ascending, `-nav` descending; an unknown column sorts nothing. */
export function readSort(value: string | null): PortfolioSort | null {
  if (!value) return null;
  const desc = value.startsWith('-');
  const field = findPortfolioField(desc ? value.slice(1) : value);
  return field ? { id: field.id, desc } : null;
}

/** The address's query for `choices`, leaving out whatever is at its default. */
export function writeListParams(choices: ListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (choices.status) params.set('status', choices.status);
  if (choices.search) params.set('q', choices.search);
  if (choices.sort) params.set('sort', `${choices.sort.desc ? '-' : ''}${choices.sort.id}`);
  return params;
}
