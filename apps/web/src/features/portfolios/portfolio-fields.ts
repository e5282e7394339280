import type { HoldingSummary, PortfolioListItem } from '@ballast/contract';
import type { CsvColumn } from '../../lib/csv.ts';
import {
  formatDate,
  formatName,
  formatNumber,
  formatPercent,
  formatUsd,
  formatYears,
  MISSING,
} from '../../lib/format.ts';
import { PORTFOLIO_STATUS_LABELS } from '../../lib/portfolio-status.ts';

/** A cell's raw value: what sorting compares and the CSV carries. Null is a missing figure. */
type FieldValue = string | number | null;

/**
 * One column of the portfolio list, independent of how it is drawn: the table, its sorting and
 * the CSV export all read these, so the three cannot disagree about a column.
 */
export type PortfolioField<Id extends string = string> = {
  id: Id;
  header: string;
  /** Figures line up on the right so that their digits do. */
  align: 'left' | 'right';
  value(portfolio: PortfolioListItem): FieldValue;
  /** The text on screen. */
  text(portfolio: PortfolioListItem): string;
};

function textField<Id extends string>(
  id: Id,
  header: string,
  value: (portfolio: PortfolioListItem) => string | null,
): PortfolioField<Id> {
  return { id, header, align: 'left', value, text: (portfolio) => value(portfolio) || MISSING };
}

function holdingField<Id extends keyof HoldingSummary>(
  id: Id,
  header: string,
  format: (value: number | null) => string,
): PortfolioField<Id> {
  const value = (portfolio: PortfolioListItem) => portfolio.current_holding?.[id] ?? null;
  return { id, header, align: 'right', value, text: (portfolio) => format(value(portfolio)) };
}

function advisorNames(portfolio: PortfolioListItem): string | null {
  if (!portfolio.advisors || portfolio.advisors.length === 0) return null;
  return portfolio.advisors.map(formatName).join(', ');
}

export const PORTFOLIO_FIELDS = [
  textField('client_name', 'Client name', (portfolio) => portfolio.client_name),
  textField('advisors', 'Advisors', advisorNames),
  textField('originating_advisor', 'Originating advisor', (portfolio) =>
    portfolio.originating_advisor ? formatName(portfolio.originating_advisor) : null,
  ),
  {
    id: 'inception_date',
    header: 'Inception date',
    align: 'left',
    // ISO dates (YYYY-MM-DD) sort as text in calendar order.
    value: (portfolio: PortfolioListItem) => portfolio.inception_date,
    text: (portfolio: PortfolioListItem) => formatDate(portfolio.inception_date),
  },
  holdingField('nav', 'NAV', (value) => formatUsd(value)),
  holdingField('ytw', 'YTW', (value) => formatPercent(value)),
  holdingField('duration', 'Duration', formatYears),
  holdingField('return_ytd_pct', 'YTD return', (value) => formatPercent(value)),
  holdingField('return_1y_pct', '1-year return', (value) => formatPercent(value)),
  holdingField('tey', 'TEY', (value) => formatPercent(value)),
  holdingField('current_loss_harvested_pct', 'Loss harvested', (value) => formatPercent(value)),
  holdingField('number_of_holdings', 'Holdings', formatNumber),
  textField('user_dnt', 'DNT', (portfolio) => portfolio.user_dnt),
  textField('status', 'Status', (portfolio) => PORTFOLIO_STATUS_LABELS[portfolio.status]),
] as const satisfies readonly PortfolioField[];

export type PortfolioFieldId = (typeof PORTFOLIO_FIELDS)[number]['id'];

const FIELDS_BY_ID = new Map<string, PortfolioField<PortfolioFieldId>>(
  PORTFOLIO_FIELDS.map((field) => [field.id, field]),
);

export function findPortfolioField(id: string): PortfolioField<PortfolioFieldId> | undefined {
  return FIELDS_BY_ID.get(id);
}

export type PortfolioSort = { id: PortfolioFieldId; desc: boolean };

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** Orders two present values: numbers by size, text alphabetically without regard to case. */
function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * The rows in the order `sort` asks for. A missing figure has no place on a scale, so it goes
 * last whichever way the column runs; rows that compare equal keep the server's order (newest
 * first), as does the whole list when nothing is sorted.
 */
export function sortPortfolios(
  portfolios: PortfolioListItem[],
  sort: PortfolioSort | null,
): PortfolioListItem[] {
  const field = sort ? findPortfolioField(sort.id) : undefined;
  if (!sort || !field) return portfolios;
  const direction = sort.desc ? -1 : 1;
  return portfolios
    .map((portfolio, index) => ({ portfolio, index, value: field.value(portfolio) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value === b.value) return a.index - b.index;
        return a.value === null ? 1 : -1;
      }
      return direction * compareValues(a.value, b.value) || a.index - b.index;
    })
    .map((entry) => entry.portfolio);
}

/** The search text as it is compared: case and surrounding spaces do not count. */
function normalizeSearch(search: string): string {
  return search.trim().toLocaleLowerCase('en-US');
}

/** The portfolios whose client name contains `search`, ignoring case. */
export function filterByClientName(
  portfolios: PortfolioListItem[],
  search: string,
): PortfolioListItem[] {
  const needle = normalizeSearch(search);
  if (!needle) return portfolios;
  return portfolios.filter((portfolio) =>
    portfolio.client_name.toLocaleLowerCase('en-US').includes(needle),
  );
}

/**
 * The export's columns are the table's, with figures as plain numbers in the column's unit
 * (dollars, percent, years) so that a spreadsheet can add them up; a missing figure is an empty
 * cell and dates stay ISO.
 */
export const PORTFOLIO_CSV_COLUMNS: CsvColumn<PortfolioListItem>[] = PORTFOLIO_FIELDS.map(
  (field): CsvColumn<PortfolioListItem> => ({ header: field.header, value: field.value }),
);

/** `portfolios-YYYY-MM-DD.csv`, dated by the advisor's own calendar. */
export function portfolioCsvFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `portfolios-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
