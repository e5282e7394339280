import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates.ts';
import { riskFreeReturns } from './risk-free.ts';

describe('the risk-free return of each period (SPEC 5.4)', () => {
  it('earns the three-month bill of the period’s last day for the days elapsed over 365', () => {
    const friday = parseIsoDate('2026-01-09');
    const monday = parseIsoDate('2026-01-12');
    const tuesday = parseIsoDate('2026-01-13');
    // A curve whose three-month yield is 3.65 % on Monday and 7.3 % on Tuesday, and whose
    // other maturities are never read.
    const bill = new Map([
      [monday, 0.0365],
      [tuesday, 0.073],
    ]);
    const market = {
      treasuryCurve: (day: number) => (years: number) =>
        years === 0.25 ? (bill.get(day) ?? Number.NaN) : Number.NaN,
    };
    // Friday to Monday: 3 days at 3.65 %, 0.0365 × 3 / 365 = 0.0003;
    // Monday to Tuesday: 1 day at 7.3 %, 0.073 / 365 = 0.0002.
    const returns = riskFreeReturns(market, [friday, monday, tuesday]);
    expect(returns).toHaveLength(2);
    expect(returns[0]).toBeCloseTo(0.0003, 15);
    expect(returns[1]).toBeCloseTo(0.0002, 15);
  });
});
