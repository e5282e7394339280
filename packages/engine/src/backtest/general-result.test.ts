import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates.ts';
import { generalResult } from './general-result.ts';

describe('the general result’s statistics (SPEC 5.2-5.4, 9.6, 11.7)', () => {
  // Five year-starts, 2021-01-01 to 2025-01-01: 365 + 365 + 365 + 366 = 1461 days, exactly
  // four years of 365.25 days, so four periods make 1 period a year.
  const days = ['2021-01-01', '2022-01-01', '2023-01-01', '2024-01-01', '2025-01-01'].map(
    parseIsoDate,
  );
  // Returns 2 %, −1 %, 3 %, 0 %: 100 → 102 → 100.98 → 104.0094 → 104.0094.
  const result = generalResult({
    timeframe: 'test',
    days,
    balances: [100, 102, 100.98, 104.0094, 104.0094],
    benchmark: [100, 100, 100, 100, 100],
    riskFree: [0.001, 0.001, 0.001, 0.001],
    monthlyLosses: new Map(),
    yearly: [],
    tradedPerYear: 0,
    holdings: {},
    attributes: { consensus_mechanism: {}, market_capitalization: {}, sector: {}, volume: {} },
  });

  it('annualises with the periods per year of its dates', () => {
    // Total 1.02 × 0.99 × 1.03 − 1 = 4.0094 %; annualised over 4 years at 1 period a year:
    // 1.040094^(1/4) − 1 = 0.98762 %.
    expect(result.performance_stats.total_return).toBe(4.0094);
    expect(result.performance_stats.annualized_return).toBe(0.9876);
    // Sample deviation of the returns (mean 0.01; deviations 0.01, −0.02, 0.02, −0.01):
    // √(0.001 / 3) = 1.82574 %, times √1.
    expect(result.performance_stats.volatility).toBe(1.8257);
  });

  it('scores the Sharpe ratio over the risk-free return', () => {
    // Excess returns over 0.1 %: mean 0.009 over sample deviation 0.0182574, times √1:
    // 0.492950, to four places 0.493 (without the bill 0.547723).
    expect(result.performance_stats.sharp_ratio).toBe(0.493);
    expect(result.balance.data[0]?.dates).toEqual([
      '2021-01-01',
      '2022-01-01',
      '2023-01-01',
      '2024-01-01',
      '2025-01-01',
    ]);
  });
});
