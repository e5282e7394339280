/** Calendar-date helpers for rules that compare ISO dates (YYYY-MM-DD compare as text). */

/** Today's calendar date where the code runs, read on every call so long-lived processes roll over. */
export function todayIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
