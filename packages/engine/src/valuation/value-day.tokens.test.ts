import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates.ts';
import {
  fixedTokenStrategy,
  fixtureMarket,
  lotOf,
  NO_SOLVER,
  valueDays,
} from './valuation-fixtures.ts';

const market = fixtureMarket({
  firstDay: '2026-01-01',
  lastDay: '2026-03-31',
  tokens: [
    {
      symbol: 'TOKA',
      name: 'Token A',
      close: (day) => (day >= parseIsoDate('2026-01-06') ? 110 : 100),
    },
    { symbol: 'TOKB', name: 'Token B', close: 20 },
  ],
});
/** TOKA at $100 and TOKB at $20 every day. */
const flat = fixtureMarket({
  firstDay: '2026-01-01',
  lastDay: '2026-03-31',
  tokens: [
    { symbol: 'TOKA', close: 100 },
    { symbol: 'TOKB', close: 20 },
  ],
});
const sixtyForty = fixedTokenStrategy({ TOKA: 60, TOKB: 40 });
const emptyBook = (cashCents: number) => ({ cashCents, lots: [], recentLossSales: [] });

describe('opening a token book (SPEC 12.5, 11.1)', () => {
  // $10,000.00 at 60/40, TOKA at $100 and TOKB at $20 on Monday 2026-01-05:
  // TOKA's budget 600,000 cents buys 600,000 / 1.001 = 599,400.6 → 599,400 of value, fee
  // 599.4 → 599 cents; 599,400 / 10,000 cents a unit = 59.94 units.
  // TOKB's 400,000 / 1.001 = 399,600.4 → 399,600, fee 399.6 → 400; 399,600 / 2,000 = 199.8.
  // Cash left 1,000,000 − 599,999 − 400,000 = 1 cent; fees 999; NAV 1 + 599,400 + 399,600
  // = 999,001, the opening cash less the fees.
  const [opened] = valueDays(
    market,
    emptyBook(1_000_000),
    [{ day: '2026-01-05', strategy: sixtyForty }],
    NO_SOLVER,
  );

  it('buys each token for its weight of the cash, fee on top, to the cent', () => {
    expect(opened?.entries).toEqual([
      {
        kind: 'BUY',
        reason: 'OPENING',
        instrument: 'TOKA',
        quantity: expect.closeTo(59.94, 10),
        cashCents: -599_999,
        incomeCents: 0,
        feeCents: 599,
      },
      {
        kind: 'BUY',
        reason: 'OPENING',
        instrument: 'TOKB',
        quantity: expect.closeTo(199.8, 10),
        cashCents: -400_000,
        incomeCents: 0,
        feeCents: 400,
      },
    ]);
    expect(opened?.book.lots.map((lot) => [lot.instrument, lot.costCents, lot.feeCents])).toEqual([
      ['TOKA', 599_999, 599],
      ['TOKB', 400_000, 400],
    ]);
    expect(opened?.book.cashCents).toBe(1);
  });

  it('reports the fees and a NAV the identity explains (SPEC 12.13)', () => {
    expect(opened?.figures).toMatchObject({
      navCents: 999_001,
      cashCents: 1,
      unrealisedCents: 0,
      incomeCents: 0,
      feesCents: 999,
      realisedPriceChangeCents: 0,
      // The first day's return counts the opening's fees: 999,001 / 1,000,000 − 1 = −0.0999 %.
      dailyReturn: expect.closeTo(-0.000999, 12),
      ytw: null,
      duration: null,
      tey: null,
      averageRating: null,
      numberOfHoldings: 2,
    });
  });

  it('lists cash and each token as asset lines (SPEC 12.12)', () => {
    // Cash: 1 / 999,001 = 0.0001001 % → 0.0001; TOKA: 599,400 / 999,001 = 59.99994 % →
    // 59.9999; TOKB: 399,600 / 999,001 = 39.99996 % → 40.
    expect(opened?.assetLines).toEqual([
      expect.objectContaining({
        asset_class: 'cash',
        current_value_usd: 0.01,
        percent_account: 0.0001,
      }),
      expect.objectContaining({
        asset_class: 'token',
        cusip: null,
        description: 'Token A',
        cost_basis: 5_999.99,
        current_value_usd: 5_994,
        last_price_usd: 100,
        percent_account: 59.9999,
        total_gain_loss_usd: -5.99,
        in_state_flag: 'false',
      }),
      expect.objectContaining({
        description: 'Token B',
        current_value_usd: 3_996,
        percent_account: 40,
      }),
    ]);
  });

  it('marks the next day and returns against the last NAV (SPEC 12.11, 12.14)', () => {
    // TOKA rises to $110: 59.94 × 11,000 cents = 659,340; unrealised 659,340 − 599,400 =
    // 59,940; NAV 1 + 659,340 + 399,600 = 1,058,941; return 1,058,941 / 999,001 − 1.
    const [, next] = valueDays(
      market,
      emptyBook(1_000_000),
      [
        { day: '2026-01-05', strategy: sixtyForty },
        { day: '2026-01-06', strategy: sixtyForty },
      ],
      NO_SOLVER,
    );
    expect(next?.entries).toEqual([]);
    expect(next?.figures).toMatchObject({ navCents: 1_058_941, unrealisedCents: 59_940 });
    expect(next?.figures.dailyReturn).toBeCloseTo(1_058_941 / 999_001 - 1, 12);
  });

  it('buys nothing under do-not-buy, and says so (SPEC 12.10)', () => {
    const [blocked] = valueDays(
      market,
      emptyBook(1_000_000),
      [{ day: '2026-01-05', strategy: sixtyForty, dnt: 'DNB' }],
      NO_SOLVER,
    );
    expect(blocked?.entries).toEqual([]);
    expect(blocked?.figures.navCents).toBe(1_000_000);
    expect(blocked?.blocked).toEqual([
      'Opening purchases of $10,000.00 were not made: the account is set to do not buy (DNB).',
    ]);
  });
});

describe('a change of token strategy (SPEC 12.7)', () => {
  // 100 TOKA bought at $100 (1,000,000 cents), now at $100 on 2026-03-02, to 50/50 with TOKB.
  // The tokens and cash are worth 1,000,000: TOKA's target is 50 units, so 50 are sold for
  // 500,000 less a 500 fee. The shortfall of TOKB is then half of 999,500 = 499,750, more than
  // the 499,500 of cash pays with its fee, so the budget is 499,750 × 499,500 / 499,750 =
  // 499,500: 499,500 / 1.001 = 499,001.0 → 499,000 of TOKB (249.5 units), fee 499.
  const book = {
    cashCents: 0,
    lots: [lotOf('TOKA', 100, 1_000_000, '2026-01-05')],
    recentLossSales: [],
  };
  const change = (dnt: 'BS' | null) =>
    valueDays(
      flat,
      book,
      [
        { day: '2026-02-27', strategy: fixedTokenStrategy({ TOKA: 100 }) },
        {
          day: '2026-03-02',
          strategy: fixedTokenStrategy({ TOKA: 50, TOKB: 50 }),
          strategyChanged: true,
          dnt,
        },
      ],
      NO_SOLVER,
    )[1];

  it('sells what the new strategy holds less of, then buys what it holds more of', () => {
    const day = change(null);
    expect(day?.entries).toEqual([
      expect.objectContaining({
        kind: 'SELL',
        reason: 'STRATEGY_CHANGE',
        instrument: 'TOKA',
        quantity: 50,
        cashCents: 499_500,
        feeCents: 500,
      }),
      expect.objectContaining({
        kind: 'BUY',
        reason: 'STRATEGY_CHANGE',
        instrument: 'TOKB',
        quantity: 249.5,
        cashCents: -499_499,
        feeCents: 499,
      }),
    ]);
    // The 50 units cost 500,000: no price change, a tax loss of the 500 fee.
    expect(day?.entries[0]?.realised).toMatchObject({
      costCents: 500_000,
      proceedsCents: 499_500,
      gainCents: -500,
      term: 'SHORT',
    });
    expect(day?.figures).toMatchObject({
      navCents: 999_001,
      cashCents: 1,
      feesCents: 999,
      realisedPriceChangeCents: 0,
      realisedLossCents: 500,
    });
  });

  it('buys only with the cash there is when selling is blocked (BS)', () => {
    const day = change('BS');
    expect(day?.entries).toEqual([]);
    expect(day?.blocked).toEqual([
      'Strategy change sales of $5,000.00 were not made: the account is set to do not sell (BS).',
    ]);
  });
});

describe('staking (SPEC 12.3, 11.6)', () => {
  it('receives the days since the last valuation as a lot at the close, its value income', () => {
    // 100 TOKA staking 3.65 % a year, Friday to Monday: 100 × 0.0365 × 3 / 365 = 0.03 units,
    // at $100 worth 300 cents: the day's income and the new lot's basis.
    const staking = fixtureMarket({
      firstDay: '2026-01-01',
      lastDay: '2026-03-31',
      tokens: [{ symbol: 'TOKA', close: 100, stakingYield: 0.0365 }],
    });
    const strategy = fixedTokenStrategy({ TOKA: 100 }, { staking: true });
    const [, monday] = valueDays(
      staking,
      { cashCents: 0, lots: [lotOf('TOKA', 100, 1_000_000, '2026-01-05')], recentLossSales: [] },
      [
        { day: '2026-02-06', strategy },
        { day: '2026-02-09', strategy },
      ],
      NO_SOLVER,
    );
    expect(monday?.entries).toEqual([
      {
        kind: 'STAKING_REWARD',
        reason: 'INCOME',
        instrument: 'TOKA',
        quantity: expect.closeTo(0.03, 12),
        cashCents: 0,
        incomeCents: 300,
        feeCents: 0,
      },
    ]);
    expect(monday?.book.lots[1]).toEqual({
      ...lotOf('TOKA', expect.closeTo(0.03, 12) as unknown as number, 300, '2026-02-09'),
      staked: true,
    });
    expect(monday?.figures).toMatchObject({
      incomeCents: 300,
      navCents: 1_000_300,
      unrealisedCents: 0,
    });
  });
});

describe('token rebalancing within a tax budget (SPEC 12.8, 4.4)', () => {
  // 60 TOKA bought at $50 (300,000 cents) and 200 TOKB at $20 (400,000) on 2025-06-02, under a
  // year before, and no cash; TOKA is now $100: 600,000 against TOKB's 400,000. Monday
  // 9 March starts a new week: to 50/50, 10 TOKA
  // are sold for 100,000 less a 100 fee, a gain of 99,900 − 50,000 = 49,900. The TOKB
  // shortfall is then half of 999,900 less 400,000 = 99,950, more than the 99,900 of cash pays:
  // its budget is 99,900, which buys 99,900 / 1.001 = 99,800.2 → 99,800 (49.9 units) and a
  // fee of 99.8 → 100.
  const rebalanceWithin = (budget: number) => {
    const strategy = fixedTokenStrategy(
      { TOKA: 50, TOKB: 50 },
      { frequency: 'WEEKLY', total_tax_budget: budget },
    );
    return valueDays(
      flat,
      {
        cashCents: 0,
        lots: [lotOf('TOKA', 60, 300_000, '2025-06-02'), lotOf('TOKB', 200, 400_000, '2025-06-02')],
        recentLossSales: [],
      },
      [
        { day: '2026-03-06', strategy },
        { day: '2026-03-09', strategy },
      ],
      NO_SOLVER,
    )[1];
  };

  it('sells when the gain fits in the budget, and counts it', () => {
    const monday = rebalanceWithin(500);
    expect(monday?.entries).toEqual([
      expect.objectContaining({
        kind: 'SELL',
        reason: 'REBALANCE',
        instrument: 'TOKA',
        quantity: 10,
        cashCents: 99_900,
        feeCents: 100,
      }),
      {
        kind: 'BUY',
        reason: 'REBALANCE',
        instrument: 'TOKB',
        quantity: expect.closeTo(49.9, 10),
        cashCents: -99_900,
        incomeCents: 0,
        feeCents: 100,
      },
    ]);
    expect(monday?.entries[0]?.realised).toMatchObject({
      costCents: 50_000,
      gainCents: 49_900,
      term: 'SHORT',
    });
    expect(monday?.book.realisedGainsCents).toBe(49_900);
    expect(monday?.book.cashCents).toBe(0);
  });

  it('drifts when the gain would pass the budget', () => {
    const monday = rebalanceWithin(400);
    expect(monday?.entries).toEqual([]);
    expect(monday?.book.realisedGainsCents).toBe(0);
  });
});
