/**
 * Business days (decision 020): Monday to Friday on UTC calendar dates, also the days the
 * valuation runs on, the treasury curve's (engine SPEC 3.2). The firm's holidays are not known,
 * so a holiday counts as a business day and is valued like any weekday.
 */
export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

export function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The business days from `from` through `through`, both included, oldest first. */
export function businessDaysFrom(from: string, through: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= through; day = nextDay(day)) {
    if (isBusinessDay(day)) days.push(day);
  }
  return days;
}

/**
 * The business days after `from` up to and including `to`: how long a valuation dated `from`
 * has stood by `to`. A report dated the previous business day is 1 day old; Friday's report is
 * 1 day old on Monday.
 */
export function businessDaysSince(from: string, to: string): number {
  return businessDaysFrom(nextDay(from), to).length;
}

/** The last business day on or before `date`. */
export function lastBusinessDayOnOrBefore(date: string): string {
  let day = date;
  while (!isBusinessDay(day)) {
    day = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  }
  return day;
}

/** Whether `date` is the last business day of its month (a statement's day). */
export function isMonthEnd(date: string): boolean {
  let day = nextDay(date);
  while (!isBusinessDay(day)) day = nextDay(day);
  return day.slice(0, 7) !== date.slice(0, 7);
}

/** Whether `date` is the last business day of its year (a tax report's day). */
export function isYearEnd(date: string): boolean {
  return isMonthEnd(date) && date.slice(5, 7) === '12';
}
