import type { TaxAccountingMethod } from '@ballast/contract';
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
  firstDay: '2023-01-01',
  lastDay: '2026-12-31',
  tokens: [{ symbol: 'TOKA', close: 100 }],
});

// Three lots of 10 TOKA, worth 100,000 cents each at $100, and no cash:
//   L1 bought 2024-01-10 for  80,000 (long-term on 2026-03-02)
//   L2 bought 2025-03-01 for 150,000 (long-term: sold after 2026-03-01)
//   L3 bought 2025-12-01 for 120,000 (short-term)
// A withdrawal of 99,899 cents: the positions bring 300,000 less the 0.1 % fee = 299,700, so
// the fraction sold is (99,899 + 1) / 299,700 = 1/3, 10 units: 100,000 of value, a 100 fee,
// 99,900 of cash, 99,899 paid, 1 cent left.
const lots = [
  lotOf('TOKA', 10, 80_000, '2024-01-10'),
  lotOf('TOKA', 10, 150_000, '2025-03-01'),
  lotOf('TOKA', 10, 120_000, '2025-12-01'),
];

function withdraw(method: TaxAccountingMethod) {
  const strategy = fixedTokenStrategy({ TOKA: 100 }, { tax_accounting_method: method });
  const [, day] = valueDays(
    market,
    { cashCents: 0, lots, recentLossSales: [] },
    [
      { day: '2026-02-27', strategy },
      { day: '2026-03-02', strategy, withdrawalCents: 99_899 },
    ],
    NO_SOLVER,
  );
  return day;
}

describe('a withdrawal larger than the cash (SPEC 12.4)', () => {
  it.each([
    // FIFO: the oldest, L1: 99,900 − 80,000 = 19,900, long-term.
    ['FIFO', '2024-01-10', 80_000, 19_900, 'LONG'],
    // LIFO: the newest, L3: 99,900 − 120,000 = −20,100, short-term.
    ['LIFO', '2025-12-01', 120_000, -20_100, 'SHORT'],
    // HIFO: the dearest, L2: 99,900 − 150,000 = −50,100, long-term.
    ['HIFO', '2025-03-01', 150_000, -50_100, 'LONG'],
    // COST: short-term losses first (SPEC 4.2), so L3 before L2's larger long-term loss.
    ['COST', '2025-12-01', 120_000, -20_100, 'SHORT'],
  ] as const)('%s relieves the lot its order names', (method, acquired, cost, gain, term) => {
    const day = withdraw(method);
    expect(day?.entries).toEqual([
      {
        kind: 'SELL',
        reason: 'WITHDRAWAL',
        instrument: 'TOKA',
        quantity: 10,
        cashCents: 99_900,
        incomeCents: 0,
        feeCents: 100,
        realised: {
          acquired: parseIsoDate(acquired),
          costCents: cost,
          proceedsCents: 99_900,
          gainCents: gain,
          term,
          washSaleDisallowedCents: 0,
        },
      },
      {
        kind: 'WITHDRAWAL',
        reason: 'FLOW',
        instrument: null,
        quantity: 0,
        cashCents: -99_899,
        incomeCents: 0,
        feeCents: 0,
      },
    ]);
    expect(day?.book.lots).toHaveLength(2);
    // The price change is the value less the cost before fees: 100,000 − cost; the NAV falls
    // from 300,000 to 200,001.
    expect(day?.figures).toMatchObject({
      navCents: 200_001,
      cashCents: 1,
      withdrawalCents: 99_899,
      realisedPriceChangeCents: 100_000 - cost,
      feesCents: 100,
    });
  });

  it('is paid from cash as far as it goes when selling is blocked (DNBS)', () => {
    const strategy = fixedTokenStrategy({ TOKA: 100 });
    const [, day] = valueDays(
      market,
      { cashCents: 50_000, lots, recentLossSales: [] },
      [
        { day: '2026-02-27', strategy },
        { day: '2026-03-02', strategy, withdrawalCents: 99_899, dnt: 'DNBS' },
      ],
      NO_SOLVER,
    );
    expect(day?.entries).toEqual([
      {
        kind: 'WITHDRAWAL',
        reason: 'FLOW',
        instrument: null,
        quantity: 0,
        cashCents: -50_000,
        incomeCents: 0,
        feeCents: 0,
      },
    ]);
    expect(day?.figures).toMatchObject({ withdrawalCents: 50_000, navCents: 300_000 });
    expect(day?.blocked).toEqual([
      '$498.99 of the withdrawal of $998.99 was not paid: the sales it needs are blocked: the account is set to do not buy or sell (DNBS).',
    ]);
  });
});
