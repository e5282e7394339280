import { describe, expect, it } from 'vitest';
import {
  annualizedReturn,
  excessReturn,
  periodReturns,
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

  it('annualises growth with 252 periods for bonds and 365 for tokens (5.2)', () => {
    expect(annualizedReturn(RETURNS, 252)).toBeCloseTo(4.603715886536277, 9);
    expect(annualizedReturn(RETURNS, 365)).toBeCloseTo(1.03478641 ** 73 - 1, 9);
    expect(annualizedReturn([], 252)).toBe(0);
  });

  it('uses the sample deviation for volatility and the Sharpe ratio (5.3, 5.4)', () => {
    expect(volatility(RETURNS, 252)).toBeCloseTo(0.2948558970073348, 12);
    expect(sharpeRatio(RETURNS, 252)).toBeCloseTo(5.982583417540125, 9);
    expect(sharpeRatio([0.01, 0.01, 0.01], 252)).toBe(0);
    expect(volatility([0.01], 252)).toBe(0);
  });

  it('measures excess return geometrically (5.5)', () => {
    expect(excessReturn(0.03478641, 0.02)).toBeCloseTo(0.014496480392156785, 12);
    expect(excessReturn(0.1, 0.1)).toBe(0);
  });
});
