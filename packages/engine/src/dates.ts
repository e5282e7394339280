/**
 * Dates as integer days since 1970-01-01 UTC (SPEC 1.1): loops over years of daily data compare
 * and subtract integers, and text appears only at the edges.
 */
export type EpochDay = number;

export type CivilDate = { year: number; month: number; day: number };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Days from the civil date, valid for the proleptic Gregorian calendar (the algorithm of
 * H. Hinnant, "chrono-compatible low-level date algorithms", days_from_civil).
 */
export function fromCivil({ year, month, day }: CivilDate): EpochDay {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The civil date of a day (Hinnant, civil_from_days). */
export function toCivil(epochDay: EpochDay): CivilDate {
  const z = epochDay + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function parseIsoDate(text: string): EpochDay {
  const match = ISO_DATE.exec(text);
  if (!match) throw new Error(`Not an ISO date: ${text}`);
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const epochDay = fromCivil(date);
  const back = toCivil(epochDay);
  if (back.month !== date.month || back.day !== date.day) {
    throw new Error(`Not a calendar date: ${text}`);
  }
  return epochDay;
}

export function formatIsoDate(epochDay: EpochDay): string {
  const { year, month, day } = toCivil(epochDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (MONTH_DAYS[month - 1] as number);
}

/**
 * The same day of the month `months` later (earlier when negative), or the month's last day
 * when it is shorter: 31 August less six months is 28 or 29 February.
 */
export function addMonths(epochDay: EpochDay, months: number): EpochDay {
  return addMonthsTo(toCivil(epochDay), months);
}

/** addMonths from a civil date: a schedule stepping from one date converts it once. */
export function addMonthsTo({ year, month, day }: CivilDate, months: number): EpochDay {
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return fromCivil({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
}

/** Days between two dates under 30/360, US bond basis (SPEC 2.2). */
export function days30360(from: EpochDay, to: EpochDay): number {
  const a = toCivil(from);
  const b = toCivil(to);
  const d1 = a.day === 31 ? 30 : a.day;
  const d2 = b.day === 31 && d1 === 30 ? 30 : b.day;
  return 360 * (b.year - a.year) + 30 * (b.month - a.month) + (d2 - d1);
}
