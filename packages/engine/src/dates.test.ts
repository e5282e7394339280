import { describe, expect, it } from 'vitest';
import { addMonths, days30360, formatIsoDate, fromCivil, parseIsoDate, toCivil } from './dates.ts';

describe('epoch days (SPEC 1.1)', () => {
  it('counts from 1970-01-01 and round-trips every day from 1900 to 2380', () => {
    expect(parseIsoDate('1970-01-01')).toBe(0);
    expect(parseIsoDate('2000-03-01')).toBe(11_017);
    expect(formatIsoDate(-1)).toBe('1969-12-31');
    const wrong: number[] = [];
    for (let day = fromCivil({ year: 1900, month: 1, day: 1 }); day < 150_000; day += 1) {
      if (fromCivil(toCivil(day)) !== day) wrong.push(day);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses text that is not a calendar date', () => {
    expect(() => parseIsoDate('2026-02-29')).toThrow('Not a calendar date');
    expect(() => parseIsoDate('2026-2-1')).toThrow('Not an ISO date');
    expect(parseIsoDate('2024-02-29')).toBe(19_782);
  });
});

describe('month arithmetic', () => {
  it('keeps the day of month, or the last day of a shorter month', () => {
    expect(formatIsoDate(addMonths(parseIsoDate('2026-08-31'), -6))).toBe('2026-02-28');
    expect(formatIsoDate(addMonths(parseIsoDate('2023-08-31'), 6))).toBe('2024-02-29');
    expect(formatIsoDate(addMonths(parseIsoDate('2026-01-15'), -13))).toBe('2024-12-15');
  });

  it('knows the Gregorian leap years: every fourth, not centuries, but every fourth century', () => {
    const february = (year: number) =>
      formatIsoDate(addMonths(fromCivil({ year, month: 1, day: 31 }), 1));
    expect(february(1900)).toBe('1900-02-28');
    expect(february(2000)).toBe('2000-02-29');
    expect(february(2024)).toBe('2024-02-29');
    expect(february(2026)).toBe('2026-02-28');
    expect(formatIsoDate(addMonths(parseIsoDate('2026-05-31'), 1))).toBe('2026-06-30');
    expect(formatIsoDate(addMonths(parseIsoDate('2026-11-30'), 1))).toBe('2026-12-30');
  });
});

describe('30/360 US bond basis (SPEC 2.2)', () => {
  const days = (from: string, to: string) => days30360(parseIsoDate(from), parseIsoDate(to));

  it('counts every month as 30 days', () => {
    expect(days('2026-01-15', '2026-07-15')).toBe(180);
    expect(days('2026-02-28', '2026-03-31')).toBe(33);
  });

  it('turns a 31st into the 30th, the end date only when the start is a 30th or 31st', () => {
    expect(days('2026-01-31', '2026-03-31')).toBe(60);
    expect(days('2026-01-30', '2026-03-31')).toBe(60);
    expect(days('2026-01-29', '2026-03-31')).toBe(62);
  });
});
