/**
 * How figures read on screen, one way everywhere: dollars, percentages, years of duration and
 * dates. A missing figure (null) reads as an em dash.
 */
export const MISSING = '—';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const usdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

export function formatUsd(value: number | null | undefined, options: { whole?: boolean } = {}) {
  if (value === null || value === undefined) return MISSING;
  return (options.whole ? usdWhole : usd).format(value);
}

/** $12.3M: for totals in tight places; the exact figure belongs in a title or beside it. */
export function formatUsdCompact(value: number | null | undefined): string {
  if (value === null || value === undefined) return MISSING;
  return usdCompact.format(value);
}

/** A value already in percent (4.25 → "4.25%"). */
export function formatPercent(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined) return MISSING;
  return `${value.toFixed(digits)}%`;
}

export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined) return MISSING;
  return decimal.format(value);
}

export function formatQuantity(value: number | null | undefined): string {
  if (value === null || value === undefined) return MISSING;
  return quantityFormat.format(value);
}

/** Duration in years, two decimals. */
export function formatYears(value: number | null | undefined): string {
  if (value === null || value === undefined) return MISSING;
  return value.toFixed(2);
}

/** A calendar date (YYYY-MM-DD) or a timestamp, as "Nov 24, 2026"; dates are not shifted by zone. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return MISSING;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'UTC' : undefined,
  });
}

/** A moment, as "Nov 24, 2026, 3:05 PM" in the reader's own zone. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** "First Last" for an advisor name pair. */
export function formatName(name: { first_name: string; last_name: string } | null): string {
  if (!name) return MISSING;
  return `${name.first_name} ${name.last_name}`.trim() || MISSING;
}

/** A change already in percent, with its sign (6.2 → "+6.20%", -8.9 → "-8.90%"). */
export function formatSignedPercent(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined) return MISSING;
  return `${value > 0 ? '+' : ''}${value.toFixed(digits)}%`;
}
