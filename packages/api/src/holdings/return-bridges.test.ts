import { describe, expect, it } from 'vitest';
import {
  type BridgeReportRow,
  computeReturnBridges,
  TIME_WEIGHTED_METHOD,
} from './return-bridges.ts';

/** A report with the bridge's figures; money as the table's numeric text. */
function report(
  reportDate: string,
  figures: {
    nav: string;
    unrealized: string;
    growthIndex: number;
    depositUsd?: string;
    withdrawUsd?: string;
    income?: string;
    fees?: string;
    realizedPriceChange?: string;
  },
): BridgeReportRow {
  return {
    reportDate,
    depositUsd: '0.00',
    withdrawUsd: '0.00',
    income: '0.00',
    fees: '0.00',
    realizedPriceChange: '0.00',
    ...figures,
  };
}

/** A report written before the valuation recorded the bridge's figures. */
function earlyReport(reportDate: string, nav: string): BridgeReportRow {
  return {
    reportDate,
    nav,
    depositUsd: '0.00',
    withdrawUsd: '0.00',
    income: null,
    fees: null,
    realizedPriceChange: null,
    unrealized: null,
    growthIndex: null,
  };
}

/*
 * An account opened on Friday 27 February 2026 with 99,000.00 whose bonds were 1,000.00 above
 * cost at the first close; in March two deposits, a withdrawal, coupons, a fee and sales.
 * Each day: nav = previous nav + deposit − withdraw + income + realised + Δunrealised − fees.
 *   27 Feb: 0 + 99,000.00 + 1,000.00 (unrealised 0 → 1,000.00)                   = 100,000.00
 *   2 Mar:  100,000.00 + 10,000.00 + 50.25 + 200.00 (1,000 → 1,200)              = 110,250.25
 *   16 Mar: 110,250.25 − 5,000.10 − 300.00 + 300.00 (1,200 → 1,500) − 12.34      = 105,237.81
 *   31 Mar: 105,237.81 + 2,500.00 + 100.00 + 45.67 − 100.00 (1,500 → 1,400)      = 107,783.48
 * A dollar grew to 1.05, 1.0526, 1.06 and 1.071 at those closes.
 */
const MARCH = [
  report('2026-02-27', {
    nav: '100000.00',
    depositUsd: '99000.00',
    unrealized: '1000.00',
    growthIndex: 1.05,
  }),
  report('2026-03-02', {
    nav: '110250.25',
    depositUsd: '10000.00',
    income: '50.25',
    unrealized: '1200.00',
    growthIndex: 1.0526,
  }),
  report('2026-03-16', {
    nav: '105237.81',
    withdrawUsd: '5000.10',
    fees: '12.34',
    realizedPriceChange: '-300.00',
    unrealized: '1500.00',
    growthIndex: 1.06,
  }),
  report('2026-03-31', {
    nav: '107783.48',
    depositUsd: '2500.00',
    income: '100.00',
    realizedPriceChange: '45.67',
    unrealized: '1400.00',
    growthIndex: 1.071,
  }),
];

describe('computeReturnBridges', () => {
  const bridges = computeReturnBridges(MARCH, '2026-02-27');
  const bridgeOf = (period: string) => bridges.bridges.find((bridge) => bridge.period === period);

  it('bridges a month with deposits and a withdrawal inside it, from the last close before it', () => {
    // The month runs from the close of 28 February (a Saturday): the opening is 27 February's.
    // Deposits 10,000.00 + 2,500.00; income 50.25 + 100.00; realised −300.00 + 45.67;
    // unrealised 1,400.00 − 1,000.00; 100,000.00 + 12,500.00 − 5,000.10 + 150.25 − 254.33
    // + 400.00 − 12.34 = 107,783.48. The return is 1.071 / 1.05 − 1 = 2 %, whatever the flows.
    expect(bridgeOf('1m')).toEqual({
      period: '1m',
      start_date: '2026-02-28',
      end_date: '2026-03-31',
      opening_value: 100_000,
      deposits: 12_500,
      withdrawals: 5_000.1,
      income: 150.25,
      realized_price_change: -254.33,
      unrealized_price_change: 400,
      fees: 12.34,
      closing_value: 107_783.48,
      time_weighted_return_pct: expect.closeTo(2, 10),
      annualized: false,
      method: TIME_WEIGHTED_METHOD,
    });
  });

  it('bridges the total from nothing at the close before inception', () => {
    // Deposits 99,000.00 + 10,000.00 + 2,500.00 = 111,500.00; unrealised 1,400.00 − 0;
    // 0 + 111,500.00 − 5,000.10 + 150.25 − 254.33 + 1,400.00 − 12.34 = 107,783.48.
    // The return is 1.071 / 1 − 1 = 7.1 % over 33 days, not annualised.
    expect(bridgeOf('total')).toMatchObject({
      start_date: '2026-02-26',
      opening_value: 0,
      deposits: 111_500,
      withdrawals: 5_000.1,
      income: 150.25,
      realized_price_change: -254.33,
      unrealized_price_change: 1_400,
      fees: 12.34,
      closing_value: 107_783.48,
      time_weighted_return_pct: expect.closeTo(7.1, 10),
      annualized: false,
    });
    // The year to date starts before inception, so from the same close.
    expect(bridgeOf('ytd')).toEqual({ ...bridgeOf('total'), period: 'ytd' });
  });

  it('bridges one day from the report before, and leaves out periods longer than the account', () => {
    // 105,237.81 + 2,500.00 + 100.00 + 45.67 − 100.00 = 107,783.48; 1.071 / 1.06 − 1.
    expect(bridgeOf('1d')).toMatchObject({
      start_date: '2026-03-16',
      opening_value: 105_237.81,
      deposits: 2_500,
      withdrawals: 0,
      income: 100,
      realized_price_change: 45.67,
      unrealized_price_change: -100,
      fees: 0,
      closing_value: 107_783.48,
      time_weighted_return_pct: expect.closeTo((1.071 / 1.06 - 1) * 100, 10),
    });
    expect(bridges.report_date).toBe('2026-03-31');
    expect(bridges.bridges.map((bridge) => bridge.period)).toEqual(['1d', '1m', 'ytd', 'total']);
  });

  it('annualises a three-year return', () => {
    /*
     * Opened 3 January 2023 with 500,000.00. By 31 March 2023: income 2,000.00 and bonds
     * 3,000.00 above cost, nav 505,000.00, a dollar at 1.01. By 31 March 2026: a 20,000.00
     * withdrawal, income 30,000.00, realised 1,000.00, unrealised 3,000.00 → 4,000.00, fees
     * 1,500.00: 505,000.00 − 20,000.00 + 30,000.00 + 1,000.00 + 1,000.00 − 1,500.00 = 515,500.00,
     * and a dollar at 1.01 × 1.331. The three years from the close of 31 March 2023 are 1,096
     * days (2024 is a leap year): (1.331)^(365.25 / 1096) − 1 = 1.1^(1095.75 / 1096) − 1
     * = 1.1^(1 − 0.000228102) − 1 = exp(0.0953101798 × 0.999771898) − 1
     * = 1.1 × exp(−0.0000217404) − 1 = 1.1 − 0.0000239142 − 1 ≈ 9.997609 %.
     */
    const rows = [
      report('2023-01-03', {
        nav: '500000.00',
        depositUsd: '500000.00',
        unrealized: '0.00',
        growthIndex: 1,
      }),
      report('2023-03-31', {
        nav: '505000.00',
        income: '2000.00',
        unrealized: '3000.00',
        growthIndex: 1.01,
      }),
      report('2026-03-31', {
        nav: '515500.00',
        withdrawUsd: '20000.00',
        income: '30000.00',
        realizedPriceChange: '1000.00',
        fees: '1500.00',
        unrealized: '4000.00',
        growthIndex: 1.01 * 1.331,
      }),
    ];
    const threeYears = computeReturnBridges(rows, '2023-01-03').bridges.find(
      (bridge) => bridge.period === '3y',
    );
    expect(threeYears).toMatchObject({
      start_date: '2023-03-31',
      opening_value: 505_000,
      deposits: 0,
      withdrawals: 20_000,
      income: 30_000,
      realized_price_change: 1_000,
      unrealized_price_change: 1_000,
      fees: 1_500,
      closing_value: 515_500,
      annualized: true,
    });
    expect(threeYears?.time_weighted_return_pct).toBeCloseTo(9.997609, 5);
  });

  it('leaves out the periods that reach back to reports without the bridge figures', () => {
    // 1 month and 1 day open from 27 February and 16 March, both recorded in full; 3 months, the
    // year to date and the total reach back to 30 January, written before the figures were.
    const rows = [earlyReport('2026-01-30', '99000.00'), ...MARCH];
    const periods = computeReturnBridges(rows, '2025-06-02').bridges.map((bridge) => bridge.period);
    expect(periods).toEqual(['1d', '1m']);
  });

  it('refuses days whose figures do not add up to their value', () => {
    const broken = MARCH.map((row, index) => (index === 3 ? { ...row, nav: '107783.49' } : row));
    expect(() => computeReturnBridges(broken, '2026-02-27')).toThrow(/explains 10778348 cents/);
  });
});
