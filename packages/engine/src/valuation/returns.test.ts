import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates.ts';
import {
  annualise,
  linkReturns,
  periodReturn,
  periodStart,
  type ReturnRow,
  returnBridge,
} from './returns.ts';

const row = (day: string, figures: Partial<ReturnRow>): ReturnRow => ({
  day: parseIsoDate(day),
  navCents: 0,
  unrealisedCents: 0,
  depositCents: 0,
  withdrawalCents: 0,
  incomeCents: 0,
  realisedPriceChangeCents: 0,
  feesCents: 0,
  dailyReturn: 0,
  ...figures,
});

// Four days, in cents:
// Fri 30 Jan  NAV 1,000,000, nothing unrealised: the period opens at its close.
// Mon  2 Feb  $1,000 deposited, 500 income, unrealised up to 20,000:
//             NAV 1,000,000 + 100,000 + 500 + 20,000 = 1,120,500; r = 1,120,500 / 1,100,000 − 1.
// Tue  3 Feb  $500 withdrawn, a sale realises 3,000 that was unrealised (now 17,000), 100 fees:
//             NAV 1,120,500 − 50,000 + 3,000 − 3,000 − 100 = 1,070,400; r = 1,070,400 / 1,070,500 − 1.
// Wed  4 Feb  unrealised falls 10,700 to 6,300: NAV 1,059,700; r = 1,059,700 / 1,070,400 − 1.
const days = [
  row('2026-01-30', { navCents: 1_000_000 }),
  row('2026-02-02', {
    navCents: 1_120_500,
    unrealisedCents: 20_000,
    depositCents: 100_000,
    incomeCents: 500,
    dailyReturn: 1_120_500 / 1_100_000 - 1,
  }),
  row('2026-02-03', {
    navCents: 1_070_400,
    unrealisedCents: 17_000,
    withdrawalCents: 50_000,
    realisedPriceChangeCents: 3_000,
    feesCents: 100,
    dailyReturn: 1_070_400 / 1_070_500 - 1,
  }),
  row('2026-02-04', {
    navCents: 1_059_700,
    unrealisedCents: 6_300,
    dailyReturn: 1_059_700 / 1_070_400 - 1,
  }),
];

describe('the return bridge (SPEC 12.16)', () => {
  it('sums the days after the opening day into what moved the NAV', () => {
    // 1,000,000 + 100,000 − 50,000 + 500 + 3,000 + 6,300 − 100 = 1,059,700.
    const bridge = returnBridge(days);
    expect(bridge).toMatchObject({
      opening: 1_000_000,
      deposits: 100_000,
      withdrawals: 50_000,
      income: 500,
      realisedPriceChange: 3_000,
      unrealisedPriceChange: 6_300,
      fees: 100,
      closing: 1_059_700,
      annualised: null,
    });
    // Linked: (1,120,500 / 1,100,000) × (1,070,400 / 1,070,500) × (1,059,700 / 1,070,400) − 1
    // = (1,120,500 × 1,059,700) / (1,100,000 × 1,070,500) − 1 = 0.0083596... : the deposit and
    // the withdrawal move the NAV but not the return.
    expect(bridge.timeWeightedReturn).toBeCloseTo(
      (1_120_500 * 1_059_700) / (1_100_000 * 1_070_500) - 1,
      12,
    );
    expect(bridge.timeWeightedReturn).toBeCloseTo(0.0083596, 6);
  });

  it('throws when the parts do not add up to the change in NAV', () => {
    const broken = days.map((entry, i) => (i === 2 ? { ...entry, feesCents: 99 } : entry));
    expect(() => returnBridge(broken)).toThrow(/does not add up/);
  });
});

describe('periods (SPEC 12.15)', () => {
  it('start on the same day of an earlier month, clamped, or the year before', () => {
    const end = parseIsoDate('2026-03-31');
    expect(periodStart('1d', end, 0)).toBe(parseIsoDate('2026-03-30'));
    expect(periodStart('1m', end, 0)).toBe(parseIsoDate('2026-02-28'));
    expect(periodStart('3m', end, 0)).toBe(parseIsoDate('2025-12-31'));
    expect(periodStart('6m', end, 0)).toBe(parseIsoDate('2025-09-30'));
    expect(periodStart('ytd', end, 0)).toBe(parseIsoDate('2025-12-31'));
    expect(periodStart('1y', end, 0)).toBe(parseIsoDate('2025-03-31'));
    expect(periodStart('3y', parseIsoDate('2024-02-29'), 0)).toBe(parseIsoDate('2021-02-28'));
    expect(periodStart('total', end, parseIsoDate('2020-05-05'))).toBe(parseIsoDate('2020-05-05'));
  });

  it('open on the last day valued on or before the start, or are null for a younger account', () => {
    // Wednesday's 1d opens at Tuesday's close: 1,059,700 / 1,070,400 − 1.
    expect(periodReturn(days, '1d')?.timeWeightedReturn).toBeCloseTo(1_059_700 / 1_070_400 - 1, 12);
    expect(periodReturn(days, 'total')?.opening).toBe(1_000_000);
    expect(periodReturn(days, '1m')).toBeNull();
  });

  it('link daily returns and annualise only beyond a year', () => {
    // 1.1 × 0.9 = 0.99.
    expect(linkReturns([0.1, -0.1])).toBeCloseTo(-0.01, 12);
    // 21 % over two years of 365.25 days: 1.21^(1/2) − 1 = 10 %.
    expect(annualise(0.21, 730.5)).toBeCloseTo(0.1, 12);
    expect(annualise(0.05, 365)).toBeNull();
  });
});
