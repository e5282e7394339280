/**
 * Decision 020: a business day is Monday to Friday, counted on UTC calendar dates; the firm's
 * holidays are not known to Ballast, so a holiday counts as a business day.
 */

const DAY_MS = 86_400_000;

function dayNumber(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

/** 1970-01-01 (day 0) was a Thursday, so day n is a weekend when (n + 4) mod 7 is 0 or 6. */
function isBusinessDay(day: number): boolean {
  const weekday = (((day + 4) % 7) + 7) % 7;
  return weekday !== 0 && weekday !== 6;
}

/**
 * The business days after `from` up to and including `to`: how long a valuation dated `from`
 * has stood by `to`. A report dated the previous business day is 1 day old; Friday's report is
 * 1 day old on Monday.
 */
export function businessDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let day = dayNumber(from) + 1; day <= dayNumber(to); day += 1) {
    if (isBusinessDay(day)) count += 1;
  }
  return count;
}
