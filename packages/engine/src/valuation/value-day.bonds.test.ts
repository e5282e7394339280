import type { BondStrategyInput } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates.ts';
import { bondStrategy, fixtureMarket, lotOf, NO_SOLVER, valueDays } from './valuation-fixtures.ts';

/** Municipal bonds only: the treasury and the corporate below are never bought back. */
const munisOnly: BondStrategyInput = (() => {
  const input = bondStrategy();
  return {
    ...input,
    strategy: {
      ...input.strategy,
      assets: { type: 'select', municipals: false, corporates: false, treasuries: false },
    },
  };
})();

const market = fixtureMarket({
  firstDay: '2025-01-01',
  lastDay: '2026-12-31',
  bonds: [
    // A 5 % Californian bond paying on 15 June and 15 December, at 102.
    {
      cusip: 'MUNI00001',
      issuer: 'State of California',
      bondClass: 'municipal',
      state: 'CA',
      coupon: 0.05,
      maturity: '2030-06-15',
      price: 102,
      ytw: 0.045,
      duration: 3.6,
      rating: 1,
    },
    // A 4 % treasury maturing on 15 June 2026, at 99.9.
    {
      cusip: 'TSY000001',
      issuer: 'United States Treasury',
      bondClass: 'treasury',
      coupon: 0.04,
      maturity: '2026-06-15',
      price: 99.9,
      ytw: 0.041,
      duration: 0.3,
      rating: 0,
    },
    // A 6 % corporate bond of 2035 the issuer calls at 101 on 1 September 2026.
    {
      cusip: 'CORP00001',
      issuer: 'Acme Corp',
      bondClass: 'corporate',
      coupon: 0.06,
      maturity: '2035-09-01',
      price: 100,
      call: { day: '2026-09-01', price: 101 },
    },
  ],
});

const muniLot = lotOf('MUNI00001', 100_000, 10_200_000, '2025-01-02');

describe('a bond held (SPEC 12.11)', () => {
  it('is marked at its clean price with the interest accrued, in cents', () => {
    // 2026-03-02 is 77 days of 30/360 after the coupon of 2025-12-15 (360 − 270 − 13):
    // accrued 5 × 77 / 360 = 1.069444 per 100, × 100,000 face = 106,944.44 → 106,944 cents;
    // clean 102 × 100,000 = 10,200,000 cents.
    const [day] = valueDays(
      market,
      { cashCents: 0, lots: [muniLot], recentLossSales: [] },
      [{ day: '2026-03-02', strategy: munisOnly }],
      NO_SOLVER,
    );
    expect(day?.figures).toMatchObject({
      navCents: 10_306_944,
      accruedCents: 106_944,
      unrealisedCents: 0,
      ytw: 4.5,
      duration: 3.6,
      averageRating: 'AA+',
      numberOfHoldings: 1,
    });
    // Exempt from federal tax and, for a Californian, from California's 13.3 %: the 4.5 %
    // yield keeps all of itself; taxable interest keeps 1 − 0.35 − 0.133 − 0.038 = 0.479.
    expect(day?.figures.tey).toBeCloseTo(4.5 / 0.479, 3);
    expect(day?.assetLines[1]).toEqual({
      asset_class: 'in_state_municipal_bonds',
      cost_basis: 102_000,
      current_value_usd: 103_069.44,
      cusip: 'MUNI00001',
      description: 'State of California 5% 2030-06-15',
      duration: 3.6,
      last_price_usd: 102,
      percent_account: 100,
      quantity: 100_000,
      total_gain_loss_usd: 0,
      ytw: 4.5,
      in_state_flag: 'true',
    });
  });
});

describe('income since the last day (SPEC 12.3)', () => {
  it('pays the coupon and counts the change in accrued interest as income', () => {
    // Friday 2026-06-12: 177 days accrued (360 − 180 − 3), 5 × 177 / 360 × 1,000 =
    // 2,458.33 → 245,833 cents. Monday 2026-06-15 pays 2.5 × 100,000 = 250,000 cents and
    // nothing is accrued: income 250,000 − 245,833 = 4,167, the NAV's whole change.
    const [friday, monday] = valueDays(
      market,
      { cashCents: 0, lots: [muniLot], recentLossSales: [] },
      [
        { day: '2026-06-12', strategy: munisOnly },
        { day: '2026-06-15', strategy: munisOnly },
      ],
      NO_SOLVER,
    );
    expect(friday?.figures.accruedCents).toBe(245_833);
    expect(monday?.entries).toEqual([
      {
        kind: 'COUPON',
        reason: 'INCOME',
        instrument: 'MUNI00001',
        quantity: 100_000,
        cashCents: 250_000,
        incomeCents: 250_000,
        feeCents: 0,
      },
    ]);
    expect(monday?.figures).toMatchObject({
      accruedCents: 0,
      cashCents: 250_000,
      incomeCents: 4_167,
    });
    expect((monday?.figures.navCents ?? 0) - (friday?.figures.navCents ?? 0)).toBe(4_167);
  });

  it('pays a coupon of half a cent rounded up, from the exact rate, not its double', () => {
    // 3.625 % a year, 1.8125 per 100 a half-year: 1,000 of face is paid 18.125 dollars, 1,812.5
    // cents, and half a cent rounds away from zero to 1,813. In doubles 0.03625 × 100 / 2 is
    // 1.8124999…, which rounded to 1,812.
    const halfCent = fixtureMarket({
      firstDay: '2025-01-01',
      lastDay: '2026-12-31',
      bonds: [
        {
          cusip: 'HALF00001',
          issuer: 'Acme Corp',
          bondClass: 'corporate',
          coupon: 0.03625,
          maturity: '2031-06-15',
          price: 100,
        },
      ],
    });
    const [, monday] = valueDays(
      halfCent,
      {
        cashCents: 0,
        lots: [lotOf('HALF00001', 1_000, 100_000, '2025-01-02')],
        recentLossSales: [],
      },
      [
        { day: '2026-06-12', strategy: munisOnly },
        { day: '2026-06-15', strategy: munisOnly },
      ],
      NO_SOLVER,
    );
    expect(monday?.entries).toEqual([
      {
        kind: 'COUPON',
        reason: 'INCOME',
        instrument: 'HALF00001',
        quantity: 1_000,
        cashCents: 1_813,
        incomeCents: 1_813,
        feeCents: 0,
      },
    ]);
  });

  it('redeems a bond at maturity, relieving its lots', () => {
    // 50,000 of the treasury bought at 99.8 (4,990,000 cents) on 2025-06-02. Friday
    // 2026-06-12: 99.9 × 50,000 = 4,995,000, unrealised 5,000; accrued 4 × 177 / 360 × 500 =
    // 98,333.33 → 98,333. Monday: the last coupon, 2 × 50,000 = 100,000, and 100 × 50,000 =
    // 5,000,000 at maturity; price change 5,000,000 − 4,990,000 = 10,000, a long-term gain
    // (held past 2026-06-02). Income 100,000 − 98,333 = 1,667; the NAV moves 1,667 + 10,000
    // + (0 − 5,000) = 6,667.
    const [friday, monday] = valueDays(
      market,
      {
        cashCents: 0,
        lots: [muniLot, lotOf('TSY000001', 50_000, 4_990_000, '2025-06-02')],
        recentLossSales: [],
      },
      [
        { day: '2026-06-12', strategy: munisOnly },
        { day: '2026-06-15', strategy: munisOnly },
      ],
      NO_SOLVER,
    );
    const redemption = monday?.entries.find((entry) => entry.kind === 'REDEMPTION');
    expect(redemption).toEqual({
      kind: 'REDEMPTION',
      reason: 'MATURITY',
      instrument: 'TSY000001',
      quantity: 50_000,
      cashCents: 5_000_000,
      incomeCents: 0,
      feeCents: 0,
      realised: {
        acquired: parseIsoDate('2025-06-02'),
        costCents: 4_990_000,
        proceedsCents: 5_000_000,
        gainCents: 10_000,
        term: 'LONG',
        washSaleDisallowedCents: 0,
      },
    });
    expect(monday?.book.lots.map((lot) => lot.instrument)).toEqual(['MUNI00001']);
    // The muni's own coupon (4,167 of income) moves the NAV as well.
    expect(monday?.figures).toMatchObject({
      realisedPriceChangeCents: 10_000,
      realisedGainCents: 10_000,
      incomeCents: 4_167 + 1_667,
    });
    expect((monday?.figures.unrealisedCents ?? 0) - (friday?.figures.unrealisedCents ?? 0)).toBe(
      -5_000,
    );
    expect((monday?.figures.navCents ?? 0) - (friday?.figures.navCents ?? 0)).toBe(4_167 + 6_667);
  });

  it('redeems a bond called, at the call price', () => {
    // 20,000 of the corporate bought at par on 2026-03-02. Monday 2026-08-31 is 180 days of
    // 30/360 after 1 March: 6 × 180 / 360 = 3 per 100, 60,000 cents accrued. Tuesday pays
    // the coupon, 60,000, and the call, 101 × 20,000 = 2,020,000: income 60,000 − 60,000 = 0,
    // price change 2,020,000 − 2,000,000 = 20,000, short-term.
    const [, tuesday] = valueDays(
      market,
      {
        cashCents: 0,
        lots: [muniLot, lotOf('CORP00001', 20_000, 2_000_000, '2026-03-02')],
        recentLossSales: [],
      },
      [
        { day: '2026-08-31', strategy: munisOnly },
        { day: '2026-09-01', strategy: munisOnly },
      ],
      NO_SOLVER,
    );
    expect(tuesday?.entries).toEqual([
      {
        kind: 'COUPON',
        reason: 'INCOME',
        instrument: 'CORP00001',
        quantity: 20_000,
        cashCents: 60_000,
        incomeCents: 60_000,
        feeCents: 0,
      },
      expect.objectContaining({
        kind: 'REDEMPTION',
        reason: 'CALL',
        cashCents: 2_020_000,
        realised: expect.objectContaining({ gainCents: 20_000, term: 'SHORT' }),
      }),
    ]);
    // Under 30/360 the muni has accrued 76 days on both days (15 June to 31 August is 60 + 16,
    // to 1 September 90 − 14), so it adds no income either.
    expect(tuesday?.figures).toMatchObject({ incomeCents: 0, realisedPriceChangeCents: 20_000 });
  });

  it("pays interest on the last day's cash at the bill yield, act/365", () => {
    // $100,000 at 3.65 % for the 3 days from Friday to Monday: 10,000,000 × 0.0365 × 3 / 365
    // = 3,000 cents.
    const withBills = fixtureMarket({
      firstDay: '2026-01-01',
      lastDay: '2026-12-31',
      billYield: 0.0365,
      bonds: [],
    });
    const [, monday] = valueDays(
      withBills,
      { cashCents: 10_000_000, lots: [], recentLossSales: [] },
      [
        { day: '2026-03-06', strategy: munisOnly, dnt: 'DNB' },
        { day: '2026-03-09', strategy: munisOnly, dnt: 'DNB' },
      ],
      NO_SOLVER,
    );
    expect(monday?.entries[0]).toEqual({
      kind: 'CASH_INTEREST',
      reason: 'INCOME',
      instrument: null,
      quantity: 0,
      cashCents: 3_000,
      incomeCents: 3_000,
      feeCents: 0,
    });
    expect(monday?.figures.incomeCents).toBe(3_000);
  });
});
