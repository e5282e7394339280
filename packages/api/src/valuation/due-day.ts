import { lastBusinessDayOnOrBefore } from '../business-days.ts';

/** The UTC hour and minute of the daily valuation, after the markets close (decision 024). */
export type ValuationTime = { hour: number; minute: number };

const DAY_MS = 86_400_000;

/**
 * The last business day whose valuation time has passed: the day every open account is owed.
 * Before the day's run time, that is the business day before.
 */
export function lastDueDay(now: Date, at: ValuationTime): string {
  const runToday = new Date(now);
  runToday.setUTCHours(at.hour, at.minute, 0, 0);
  const day = now >= runToday ? now : new Date(now.getTime() - DAY_MS);
  return lastBusinessDayOnOrBefore(day.toISOString().slice(0, 10));
}
