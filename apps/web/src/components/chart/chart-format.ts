import { formatUsdCompact } from '../../lib/format.ts';

const MONTH_DAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const MONTH_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: '2-digit',
  timeZone: 'UTC',
});

/** A date axis tick: "Nov 24" over a few months, "Nov 26" (month and year) over longer spans. */
export function dateTick(isoDate: string, spanDays: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return (spanDays > 200 ? MONTH_YEAR : MONTH_DAY).format(date);
}

export function usdTick(value: number): string {
  return formatUsdCompact(value);
}

/**
 * A dollar axis whose ticks stay apart: a NAV that moves 2% around $1.1M needs "$1.085M" and
 * "$1.1M", where one decimal would label every tick "$1.1M". The significant digits grow with
 * how small the spread is against the values.
 */
export function usdTickFormatter(values: readonly number[]): (value: number) => string {
  const largest = Math.max(...values.map(Math.abs));
  const spread = Math.max(...values) - Math.min(...values);
  if (!Number.isFinite(largest) || largest === 0 || spread === 0) return usdTick;
  const digits = Math.min(6, Math.max(2, Math.ceil(Math.log10(largest / spread)) + 2));
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumSignificantDigits: digits,
  });
  return (value) => format.format(value);
}

/** Days between the first and last ISO dates of a series. */
export function spanInDays(dates: readonly string[]): number {
  const first = dates[0];
  const last = dates.at(-1);
  if (!first || !last) return 0;
  return (Date.parse(last) - Date.parse(first)) / 86_400_000;
}

export const CHART_COLORS = {
  nav: '#12355b',
  inflow: '#047857',
  outflow: '#b91c1c',
  grid: '#e2e8f0',
  axis: '#475569',
} as const;

/** The date axis of a daily chart over `spanDays`, its labels spaced so that none collide. */
export function dateAxisProps(spanDays: number) {
  return {
    dataKey: 'report_date',
    tickFormatter: (date: string) => dateTick(date, spanDays),
    minTickGap: 32,
    stroke: CHART_COLORS.axis,
    fontSize: 12,
  };
}
