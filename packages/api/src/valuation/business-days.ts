/**
 * The days the valuation runs on: weekdays, as the treasury curve's (engine SPEC 3.2). A
 * market holiday is valued like any weekday: prices that did not move give a day of no return.
 */
export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

export function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Business days after `after` (or from `from` inclusive) through `through`, oldest first. */
export function businessDaysBetween(from: string, through: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= through; day = nextDay(day)) {
    if (isBusinessDay(day)) days.push(day);
  }
  return days;
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
