/** Both days inclusive, `YYYY-MM-DD`, as the exports' query gives them. */
export type DayRange = { from: string; to: string };

const DAY_MS = 86_400_000;

/** The instants a range of UTC days covers: from the first day's midnight up to the next day's after the last. */
export function utcBounds(range: DayRange): { start: Date; end: Date } {
  return {
    start: new Date(`${range.from}T00:00:00Z`),
    end: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS),
  };
}
