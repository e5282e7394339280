/**
 * The build in the address: the style, each option that differs from the style's default (one
 * query parameter per payload field), the tax-exempt switch and the portfolio being changed, so
 * that a reload or a shared link restores the same strategy.
 */
import type { FormOption } from '@ballast/contract';
import {
  activeOptions,
  changeOption,
  defaultDraft,
  isSameValue,
  readAt,
  type StrategyDraft,
} from '../../lib/strategy-draft.ts';

export const STYLE_PARAM = 'style';
export const PORTFOLIO_PARAM = 'portfolio';
export const TAX_EXEMPT_PARAM = 'tax_exempt';

export type BuildAddress = {
  style: string | null;
  portfolioId: string | null;
  taxExempt: boolean;
};

export function readBuildAddress(search: URLSearchParams): BuildAddress {
  return {
    style: search.get(STYLE_PARAM),
    portfolioId: search.get(PORTFOLIO_PARAM),
    taxExempt: search.get(TAX_EXEMPT_PARAM) === 'true',
  };
}

// Text reads as itself in the address; numbers, flags and lists as JSON.
function encodeValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function decodeValue(option: FormOption, raw: string): unknown {
  const offered = option.values.find(
    (value) => value.value !== null && encodeValue(value.value) === raw,
  );
  if (offered) return offered.value;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * The address of a build: the fields that differ from what the address would give without them,
 * that is the style's defaults with the earlier fields (and the constraints they impose) set.
 */
export function buildSearch(options: {
  draft: StrategyDraft;
  formOptions: readonly FormOption[];
  portfolioId: string | null;
  taxExempt: boolean;
}): URLSearchParams {
  const { draft, formOptions } = options;
  const search = new URLSearchParams();
  if (options.portfolioId) search.set(PORTFOLIO_PARAM, options.portfolioId);
  search.set(STYLE_PARAM, draft.style);
  if (options.taxExempt) search.set(TAX_EXEMPT_PARAM, 'true');
  const active = new Set(activeOptions(formOptions, draft));
  let replayed = defaultDraft(draft.style, formOptions);
  for (const option of formOptions) {
    const value = readAt(draft, option.payload_field_name);
    if (!active.has(option) || value === undefined) continue;
    if (isSameValue(value, readAt(replayed, option.payload_field_name))) continue;
    search.set(option.payload_field_name, encodeValue(value));
    replayed = changeOption(formOptions, replayed, option, value);
  }
  return search;
}

/**
 * The build an address names: the style's defaults with each field the address sets, in the
 * order of the options, so a choice's constraints come before the fields that follow it.
 */
export function draftFromSearch(
  style: string,
  formOptions: readonly FormOption[],
  search: URLSearchParams,
): StrategyDraft {
  let draft = defaultDraft(style, formOptions);
  for (const option of formOptions) {
    const raw = search.get(option.payload_field_name);
    if (raw === null) continue;
    draft = changeOption(formOptions, draft, option, decodeValue(option, raw));
  }
  return draft;
}
