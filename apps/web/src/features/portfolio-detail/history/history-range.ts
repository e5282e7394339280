/** The periods the history charts offer, and the first day each one shows. */
export const HISTORY_RANGES = ['1M', '3M', '6M', 'YTD', '1Y', 'All'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

export const DEFAULT_HISTORY_RANGE: HistoryRange = '1Y';

const MONTHS_BACK: Record<Exclude<HistoryRange, 'YTD' | 'All'>, number> = {
  '1M': 1,
  '3M': 3,
  '6M': 6,
  '1Y': 12,
};

function isoDate(year: number, monthIndex: number, day: number): string {
  return new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);
}

/**
 * The `start_time` (YYYY-MM-DD, inclusive) of a range ending on `anchor`, or undefined for the
 * whole history. Months are counted on the calendar, and a day the earlier month lacks falls back
 * to that month's last day (Mar 31 − 1M = Feb 28), so a range never spills past its month.
 */
export function rangeStart(range: HistoryRange, anchor: string): string | undefined {
  if (range === 'All') return undefined;
  const year = Number(anchor.slice(0, 4));
  const monthIndex = Number(anchor.slice(5, 7)) - 1;
  const day = Number(anchor.slice(8, 10));
  if (range === 'YTD') return isoDate(year, 0, 1);
  const target = monthIndex - MONTHS_BACK[range];
  const lastDayOfTarget = new Date(Date.UTC(year, target + 1, 0)).getUTCDate();
  return isoDate(year, target, Math.min(day, lastDayOfTarget));
}
