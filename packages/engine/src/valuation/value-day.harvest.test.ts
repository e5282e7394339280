import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates.ts';
import {
  bondStrategy,
  fixedTokenStrategy,
  fixtureMarket,
  lotOf,
  NO_SOLVER,
  valueDays,
} from './valuation-fixtures.ts';
import type { DoNotTrade } from './valuation-types.ts';

describe('token harvesting (SPEC 12.9, 11.5)', () => {
  const market = fixtureMarket({
    firstDay: '2026-01-01',
    lastDay: '2026-03-31',
    tokens: [{ symbol: 'TOKA', close: (day) => (day >= parseIsoDate('2026-02-02') ? 85 : 92) }],
  });
  const strategy = fixedTokenStrategy({ TOKA: 100 }, { tax_loss_harvest: true });
  // 10 TOKA bought for 100,000 cents on 2026-01-05, and 1,000 cents of cash.
  // Friday 30 January at $92: selling would bring 92,000 − 92 = 91,908, a loss of 8,092, under
  // 10 % of the basis (10,000): kept. NAV 1,000 + 92,000 = 93,000, unrealised −8,000.
  // Monday 2 February at $85: 85,000 − 85 = 84,915, a loss of 15,085: sold, and the 10 units
  // bought back for 85,000 + 85. Cash 1,000 + 84,915 − 85,085 = 830; NAV 830 + 85,000 = 85,830.
  const run = (dnt: DoNotTrade) =>
    valueDays(
      market,
      { cashCents: 1_000, lots: [lotOf('TOKA', 10, 100_000, '2026-01-05')], recentLossSales: [] },
      [
        { day: '2026-01-30', strategy },
        { day: '2026-02-02', strategy, dnt },
      ],
      NO_SOLVER,
    );

  it('sells a lot at a loss and buys it back at once, with no wash sale', () => {
    const [friday, monday] = run(null);
    expect(friday?.entries).toEqual([]);
    expect(monday?.entries).toEqual([
      {
        kind: 'SELL',
        reason: 'HARVEST',
        instrument: 'TOKA',
        quantity: 10,
        cashCents: 84_915,
        incomeCents: 0,
        feeCents: 85,
        realised: {
          acquired: parseIsoDate('2026-01-05'),
          costCents: 100_000,
          proceedsCents: 84_915,
          gainCents: -15_085,
          term: 'SHORT',
          washSaleDisallowedCents: 0,
        },
      },
      {
        kind: 'BUY',
        reason: 'HARVEST',
        instrument: 'TOKA',
        quantity: 10,
        cashCents: -85_085,
        incomeCents: 0,
        feeCents: 85,
      },
    ]);
    expect(monday?.book).toEqual({
      cashCents: 830,
      lots: [lotOf('TOKA', 10, 85_085, '2026-02-02', { feeCents: 85 })],
      recentLossSales: [],
      realisedGainsCents: 0,
    });
    // Price change 85,000 − 100,000 = −15,000; unrealised from −8,000 to 85,000 − 85,000 = 0;
    // fees 170: 93,000 − 15,000 + 8,000 − 170 = 85,830.
    expect(monday?.figures).toMatchObject({
      navCents: 85_830,
      realisedPriceChangeCents: -15_000,
      unrealisedCents: 0,
      feesCents: 170,
      realisedLossCents: 15_085,
      harvestedLossCents: 15_085,
    });
  });

  it('harvests nothing when either trade is forbidden', () => {
    const [, monday] = run('DNB');
    expect(monday?.entries).toEqual([]);
    expect(monday?.blocked).toEqual([
      'Tax-loss harvesting trades of $850.00 were not made: the account is set to do not buy (DNB).',
    ]);
  });
});

describe('the wash-sale rule for bonds (SPEC 12.9, 4.5)', () => {
  // Two bonds of one issuer, maturities six months and coupons a quarter point apart:
  // substantially identical. Both at 95; W1 pays on 1 June and 1 December.
  const market = fixtureMarket({
    firstDay: '2025-01-01',
    lastDay: '2026-12-31',
    bonds: [
      {
        cusip: 'SPRING001',
        issuer: 'City of Springfield',
        bondClass: 'municipal',
        state: 'IL',
        coupon: 0.04,
        maturity: '2034-06-01',
        price: 95,
      },
      {
        cusip: 'SPRING002',
        issuer: 'City of Springfield',
        bondClass: 'municipal',
        state: 'IL',
        coupon: 0.0425,
        maturity: '2034-12-01',
        price: 95,
      },
    ],
  });
  const strategy = bondStrategy({ tax_accounting_method: 'FIFO' });
  const old = lotOf('SPRING001', 100_000, 10_000_000, '2025-01-06');
  // 2025-01-06 to 2026-03-02 is 365 + 31 + 24 = 420 days held.
  const held = parseIsoDate('2026-03-02') - parseIsoDate('2025-01-06');

  it('disallows a loss matched by a purchase in the 30 days before, into that lot', () => {
    // 20,000 more bought at 95 on 2026-02-20. Withdrawing 1,900,000 cents on 2026-03-02 with
    // no cash: the 120,000 face brings 11,400,000 + 121,333 accrued (91 days, 4 × 91 / 360 ×
    // 1,200), the fraction is 1,900,001 / 11,521,333 = 0.1649, 19,789 face, rounded up to
    // 20,000, taken from the oldest lot: cost 2,000,000, value 1,900,000, a loss of 100,000
    // which the lot of 2026-02-20 washes in full.
    expect(held).toBe(420);
    const [friday, monday] = valueDays(
      market,
      {
        cashCents: 0,
        lots: [old, lotOf('SPRING001', 20_000, 1_900_000, '2026-02-20')],
        recentLossSales: [],
      },
      [
        { day: '2026-02-27', strategy },
        { day: '2026-03-02', strategy, withdrawalCents: 1_900_000 },
      ],
      NO_SOLVER,
    );
    expect(monday?.entries[0]).toEqual({
      kind: 'SELL',
      reason: 'WITHDRAWAL',
      instrument: 'SPRING001',
      quantity: 20_000,
      // 1,900,000 and 20,222 accrued (4 × 91 / 360 × 200 = 20,222.22).
      cashCents: 1_920_222,
      incomeCents: 20_222,
      feeCents: 0,
      realised: {
        acquired: parseIsoDate('2025-01-06'),
        costCents: 2_000_000,
        proceedsCents: 1_900_000,
        gainCents: 0,
        term: 'LONG',
        washSaleDisallowedCents: 100_000,
      },
    });
    expect(monday?.book.lots).toEqual([
      lotOf('SPRING001', 80_000, 8_000_000, '2025-01-06'),
      lotOf('SPRING001', 20_000, 2_000_000, '2026-02-20', {
        washAdjustmentCents: 100_000,
        acquired: parseIsoDate('2026-02-20') - 420,
      }),
    ]);
    expect(monday?.book.recentLossSales).toEqual([]);
    // The price change counts the loss all the same; the unrealised figure, measured before
    // the adjustment, rises by as much: 9,500,000 − 9,900,000 against 11,400,000 − 11,900,000.
    // Income: 20,222 received, 101,111 accrued now on 100,000 face, 114,667 on Friday (86
    // days on 120,000): 20,222 + 101,111 − 114,667 = 6,666.
    expect(monday?.figures).toMatchObject({
      realisedPriceChangeCents: -100_000,
      realisedLossCents: 0,
      unrealisedCents: -400_000,
      incomeCents: 6_666,
    });
    expect(friday?.figures.unrealisedCents).toBe(-500_000);
    expect((monday?.figures.navCents ?? 0) - (friday?.figures.navCents ?? 0)).toBe(
      -1_900_000 + 6_666 - 100_000 + 100_000,
    );
  });

  const sellThenBuy = (dnt: DoNotTrade) =>
    valueDays(
      market,
      { cashCents: 0, lots: [old], recentLossSales: [] },
      [
        { day: '2026-02-27', strategy },
        { day: '2026-03-02', strategy, withdrawalCents: 1_900_000 },
        { day: '2026-03-16', strategy, depositCents: 2_000_000, dnt },
      ],
      NO_SOLVER,
    );

  it('disallows a loss matched by a purchase in the 30 days after, into the new lot', () => {
    // The same sale with nothing bought before: the loss of 100,000 stands and is remembered.
    // On 2026-03-16 a deposit takes the cash to 2,020,222, over 2 % of the NAV: a round lot
    // costs 475,000 + 5,833 accrued (105 days), so four are bought, 20,000 face of the bond
    // sold 14 days before, which takes the whole loss into its basis.
    const [, sale, purchase] = sellThenBuy(null);
    expect(sale?.entries[0]?.realised).toMatchObject({
      gainCents: -100_000,
      washSaleDisallowedCents: 0,
    });
    expect(sale?.book.recentLossSales).toEqual([
      {
        instrument: 'SPRING001',
        day: parseIsoDate('2026-03-02'),
        lossCents: 100_000,
        quantity: 20_000,
        acquired: parseIsoDate('2025-01-06'),
      },
    ]);
    expect(purchase?.entries.at(-1)).toEqual({
      kind: 'BUY',
      reason: 'REBALANCE',
      instrument: 'SPRING001',
      quantity: 20_000,
      // 1,900,000 and 4 × 105 / 360 × 200 = 23,333.33 accrued.
      cashCents: -1_923_333,
      incomeCents: -23_333,
      feeCents: 0,
      washedLoss: [
        { instrument: 'SPRING001', soldDay: parseIsoDate('2026-03-02'), disallowedCents: 100_000 },
      ],
    });
    expect(purchase?.book.lots.at(-1)).toEqual(
      lotOf('SPRING001', 20_000, 2_000_000, '2026-03-16', {
        washAdjustmentCents: 100_000,
        acquired: parseIsoDate('2026-03-16') - 420,
      }),
    );
    expect(purchase?.book.recentLossSales).toEqual([]);
  });

  it('buys nothing under do-not-buy and says how much', () => {
    // Four lots at 480,833 = 1,923,332 cents.
    const [, , purchase] = sellThenBuy('DNB');
    expect(purchase?.entries.map((entry) => entry.kind)).toEqual(['DEPOSIT']);
    expect(purchase?.blocked).toEqual([
      'Rebalancing purchases of $19,233.32 were not made: the account is set to do not buy (DNB).',
    ]);
  });
});
