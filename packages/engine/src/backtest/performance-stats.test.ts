import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates.ts';
import {
  annualizedReturn,
  calendarYears,
  excessReturn,
  periodReturns,
  periodsPerYear,
  sharpeRatio,
  totalReturn,
  volatility,
} from './performance-stats.ts';

// Five daily returns; the expected figures were computed independently with Python's
// statistics module (stdev is the sample deviation, as empyrical uses).
const RETURNS = [0.01, -0.02, 0.03, 0, 0.015];

describe('performance statistics (SPEC 5)', () => {
  it('takes simple returns from a balance series (5.1)', () => {
    expect(periodReturns([100, 110, 99])).toEqual([0.10000000000000009, -0.09999999999999998]);
    expect(totalReturn(RETURNS)).toBeCloseTo(0.03478641, 12);
  });

  it('annualises growth by the periods per year it is given (5.2)', () => {
    expect(annualizedReturn(RETURNS, 252)).toBeCloseTo(4.603715886536277, 9);
    expect(annualizedReturn(RETURNS, 365)).toBeCloseTo(1.03478641 ** 73 - 1, 9);
    expect(annualizedReturn([], 252)).toBe(0);
  });

  it('uses the sample deviation for volatility and the Sharpe ratio (5.3, 5.4)', () => {
    expect(volatility(RETURNS, 252)).toBeCloseTo(0.2948558970073348, 12);
    // With a risk-free return of 0 every period the Sharpe ratio is empyrical's default.
    expect(sharpeRatio(RETURNS, [0, 0, 0, 0, 0], 252)).toBeCloseTo(5.982583417540125, 9);
    expect(sharpeRatio([0.01, 0.01, 0.01], [0.001, 0.001, 0.001], 252)).toBe(0);
    expect(volatility([0.01], 252)).toBe(0);
  });

  it('takes periods per year from the dates: periods over calendar years of 365.25 days (5.2)', () => {
    const days = (...dates: string[]) => dates.map(parseIsoDate);
    // A week of weekdays, Monday 5 January to Monday 12 January 2026: 6 days, 5 periods, over
    // 7 / 365.25 years: 5 × 365.25 / 7 = 260.892857 a year, the curve's weekdays, not 252.
    const weekdays = days(
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
      '2026-01-12',
    );
    expect(calendarYears(weekdays)).toBeCloseTo(7 / 365.25, 15);
    expect(periodsPerYear(weekdays)).toBeCloseTo(260.892857, 6);
    // Quarter starts through 2024, a leap year: 4 periods over 366 days, 4 × 365.25 / 366 =
    // 1461 / 366 = 3.991803 a year.
    const quarters = days('2024-01-01', '2024-04-01', '2024-07-01', '2024-10-01', '2025-01-01');
    expect(periodsPerYear(quarters)).toBeCloseTo(3.991803, 6);
    // Every calendar day of 2025 and 2026-01-01: 365 periods over 365 days, 365.25 a year.
    const daily = Array.from({ length: 366 }, (_, k) => parseIsoDate('2025-01-01') + k);
    expect(periodsPerYear(daily)).toBeCloseTo(365.25, 9);
  });

  it('measures the Sharpe ratio on returns in excess of the risk-free rate (5.4)', () => {
    // Returns 2 %, −1 %, 3 %, 0 % against a bill paying 0.1 % each period, 4 periods a year:
    //   excess 0.019, −0.011, 0.029, −0.001; mean 0.036 / 4 = 0.009;
    //   deviations from it 0.010, −0.020, 0.020, −0.010; squares sum to 0.001;
    //   sample deviation √(0.001 / 3) = 0.0182574;
    //   Sharpe 0.009 / 0.0182574 × √4 = 0.018 × √3000 = 0.985901.
    // Without the bill the mean would be 0.01 and the ratio 1.095445.
    const returns = [0.02, -0.01, 0.03, 0];
    expect(sharpeRatio(returns, [0.001, 0.001, 0.001, 0.001], 4)).toBeCloseTo(0.985901, 6);
    expect(() => sharpeRatio(returns, [0.001], 4)).toThrow();
  });

  it('measures excess return geometrically (5.5)', () => {
    expect(excessReturn(0.03478641, 0.02)).toBeCloseTo(0.014496480392156785, 12);
    expect(excessReturn(0.1, 0.1)).toBe(0);
  });
});
