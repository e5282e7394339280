/**
 * The periods a return is reported over (product §3 holding report: 1d, 1m, 3m, 6m, ytd, 1y, 3y,
 * total), and the day each starts from: the period's figures run from the close of that day to
 * the close of the report's day. A month back is the same day of the month, or the month's last
 * day when it is shorter (31 March less one month is 28 or 29 February). The year to date starts
 * from the close of the last day of the year before; the total from the day before inception,
 * when the account held nothing.
 */
export const RETURN_PERIODS = ['1d', '1m', '3m', '6m', 'ytd', '1y', '3y', 'total'] as const;
export type ReturnPeriod = (typeof RETURN_PERIODS)[number];

const MONTHS: Partial<Record<ReturnPeriod, number>> = {
  '1m': 1,
  '3m': 3,
  '6m': 6,
  '1y': 12,
  '3y': 36,
};

function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** `date` less whole months, clamped to the target month's last day. */
export function monthsBefore(date: string, months: number): string {
  const [year, month, day] = parts(date);
  const index = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return iso(targetYear, targetMonth, Math.min(day, lastDay));
}

/** The day before an ISO date. */
export function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * The close a period's figures start from, for a report on `reportDate` of an account opened on
 * `inceptionDate`; `previousReportDate` is the last day valued before `reportDate` (the 1d
 * period's start). Null when the account is younger than the period (its return is not
 * reported yet).
 */
export function periodStart(
  period: ReturnPeriod,
  reportDate: string,
  inceptionDate: string,
  previousReportDate: string | null,
): string | null {
  const opened = dayBefore(inceptionDate);
  if (period === 'total') return opened;
  if (period === '1d') return previousReportDate;
  const start =
    period === 'ytd'
      ? `${Number(reportDate.slice(0, 4)) - 1}-12-31`
      : monthsBefore(reportDate, MONTHS[period] ?? 0);
  if (period === 'ytd' && start < opened) return opened;
  return start >= opened ? start : null;
}

/** Calendar days from the close a period starts from to its last day. */
export function daysBetween(start: string, end: string): number {
  return Math.round(
    (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000,
  );
}

/**
 * A period's time-weighted return, decimal, from the growth of one dollar since inception at its
 * start and end (the product of each day's 1 + return, flows excluded). Over a year it is
 * annualised: (1 + R)^(365.25 / days) − 1.
 */
export function periodReturn(
  startGrowth: number,
  endGrowth: number,
  start: string,
  end: string,
): { value: number; annualized: boolean } {
  const total = endGrowth / startGrowth - 1;
  const days = daysBetween(start, end);
  if (days <= 366) return { value: total, annualized: false };
  return { value: (1 + total) ** (365.25 / days) - 1, annualized: true };
}
