import { describe, expect, it } from 'vitest';
import { addMonths, type EpochDay, formatIsoDate, parseIsoDate } from '../dates.ts';
import { type Random, seededRandom } from '../market/random.ts';
import { priceCostOf } from './day-state.ts';
import {
  bondStrategy,
  type DayInput,
  fixedTokenStrategy,
  fixtureMarket,
  lotOf,
  NO_SOLVER,
  valueDays,
} from './valuation-fixtures.ts';
import type { Book, DoNotTrade, MarketHistory, ValuedDay } from './valuation-types.ts';

const FIRST = parseIsoDate('2026-01-05');

/** A price that wanders from `start` by up to `step` of itself a day, the same for a seed. */
function walk(
  random: Random,
  start: number,
  step: number,
  days: number,
): (day: EpochDay) => number {
  const path = [start];
  for (let i = 1; i < days; i++)
    path.push((path[i - 1] as number) * (1 + step * (2 * random.next() - 1)));
  return (day) => path[Math.min(Math.max(day - FIRST, 0), days - 1)] as number;
}

/** Weekdays from the first day, `count` of them. */
function weekdays(count: number): string[] {
  const days: string[] = [];
  for (let day = FIRST; days.length < count; day++) {
    const weekday = (((day + 4) % 7) + 7) % 7;
    if (weekday !== 0 && weekday !== 6) days.push(formatIsoDate(day));
  }
  return days;
}

function randomFlows(random: Random) {
  const dnt: DoNotTrade[] = [null, null, null, null, null, null, 'DNB', 'DNBS', 'BS'];
  return {
    depositCents: random.chance(0.15) ? random.int(1, 5_000_000) : 0,
    withdrawalCents: random.chance(0.15) ? random.int(1, 3_000_000) : 0,
    dnt: dnt[random.int(0, dnt.length - 1)] as DoNotTrade,
  };
}

/**
 * SPEC 12.13 on every day: the NAV's change is the flows, income, realised and unrealised price
 * change and fees, to the cent; and the book, the figures and the asset lines agree.
 */
function expectIdentity(days: readonly ValuedDay[], start: Book) {
  let previousNav = start.cashCents + start.lots.reduce((sum, lot) => sum + priceCostOf(lot), 0);
  let previousUnrealised = 0;
  for (const { figures, book, assetLines } of days) {
    expect(Number.isInteger(figures.navCents)).toBe(true);
    expect(figures.navCents - previousNav).toBe(
      figures.depositCents -
        figures.withdrawalCents +
        figures.incomeCents +
        figures.realisedPriceChangeCents +
        (figures.unrealisedCents - previousUnrealised) -
        figures.feesCents,
    );
    expect(book.cashCents).toBe(figures.cashCents);
    expect(book.cashCents).toBeGreaterThanOrEqual(0);
    for (const lot of book.lots) {
      expect(lot.quantity).toBeGreaterThan(0);
      expect(Number.isInteger(lot.costCents)).toBe(true);
    }
    const lines = assetLines.reduce(
      (sum, line) => sum + Math.round(line.current_value_usd * 100),
      0,
    );
    expect(lines).toBe(figures.navCents);
    previousNav = figures.navCents;
    previousUnrealised = figures.unrealisedCents;
  }
}

/** Values the days from `start`, checks the identity, and that each kind of entry named arose. */
function expectValuedDays(
  market: MarketHistory,
  start: Book,
  inputs: readonly DayInput[],
  kinds: readonly string[],
) {
  const days = valueDays(market, start, inputs, NO_SOLVER);
  expectIdentity(days, start);
  const arose = new Set(
    days.flatMap((day) => day.entries.map((entry) => `${entry.kind} ${entry.reason}`)),
  );
  expect([...arose]).toEqual(expect.arrayContaining([...kinds]));
}

describe('the identity over many random days (SPEC 12.13)', () => {
  it.each([1, 2, 3])(
    'holds for a token book with flows, staking, harvesting and rebalancing (seed %i)',
    (seed) => {
      const random = seededRandom(seed);
      const count = 130;
      const market = fixtureMarket({
        firstDay: formatIsoDate(FIRST - 400),
        lastDay: formatIsoDate(FIRST + 200),
        billYield: 0.04,
        tokens: [
          { symbol: 'TOKA', close: walk(random, 100, 0.08, 200), stakingYield: 0.06 },
          { symbol: 'TOKB', close: walk(random, 20, 0.05, 200) },
          { symbol: 'TOKC', close: walk(random, 3, 0.1, 200) },
        ],
      });
      const options = {
        tax_loss_harvest: true,
        staking: true,
        frequency: 'WEEKLY',
        total_tax_budget: 500,
      } as const;
      const first = fixedTokenStrategy({ TOKA: 50, TOKB: 30, TOKC: 20 }, options);
      const second = fixedTokenStrategy(
        { TOKA: 20, TOKC: 80 },
        { ...options, tax_accounting_method: 'HIFO' },
      );
      const inputs: DayInput[] = weekdays(count).map((day, i) => ({
        day,
        strategy: i < 70 ? first : second,
        strategyChanged: i === 70,
        ...(i === 0 ? {} : randomFlows(random)),
      }));
      const start: Book = { cashCents: 10_000_000, lots: [], recentLossSales: [] };
      expectValuedDays(market, start, inputs, [
        'BUY OPENING',
        'STAKING_REWARD INCOME',
        'CASH_INTEREST INCOME',
        'SELL REBALANCE',
        'DEPOSIT FLOW',
        'WITHDRAWAL FLOW',
      ]);
    },
  );

  it.each([1, 2, 3])(
    'holds for a bond book with coupons, a maturity, a call, flows and harvesting (seed %i)',
    (seed) => {
      const random = seededRandom(seed);
      const price = (start: number) => walk(random, start, 0.01, 200);
      const market = fixtureMarket({
        firstDay: formatIsoDate(FIRST - 400),
        lastDay: formatIsoDate(FIRST + 300),
        billYield: 0.035,
        bonds: [
          {
            cusip: 'BOND00001',
            issuer: 'State of Ohio',
            bondClass: 'municipal',
            state: 'OH',
            coupon: 0.05,
            maturity: '2033-02-15',
            price: price(104),
          },
          {
            cusip: 'BOND00002',
            issuer: 'State of Ohio',
            bondClass: 'municipal',
            state: 'OH',
            coupon: 0.045,
            maturity: '2033-08-15',
            price: price(101),
          },
          {
            cusip: 'BOND00003',
            issuer: 'City of Austin',
            bondClass: 'municipal',
            state: 'TX',
            coupon: 0.04,
            maturity: '2031-05-01',
            price: price(98),
          },
          {
            cusip: 'BOND00004',
            issuer: 'United States Treasury',
            bondClass: 'treasury',
            coupon: 0.03,
            maturity: formatIsoDate(addMonths(FIRST, 3) + 10),
            price: price(99.5),
            rating: 0,
          },
          {
            cusip: 'BOND00005',
            issuer: 'Acme Corp',
            bondClass: 'corporate',
            coupon: 0.055,
            maturity: '2036-04-01',
            price: price(100),
            call: { day: '2026-04-01', price: 100.5 },
          },
          {
            cusip: 'BOND00006',
            issuer: 'County of Travis',
            bondClass: 'municipal',
            state: 'TX',
            coupon: 0.0375,
            maturity: '2032-11-01',
            price: price(97),
          },
        ],
      });
      const strategy = bondStrategy({ tax_loss_harvest: true, tax_accounting_method: 'COST' });
      const start: Book = {
        cashCents: 1_000_000,
        lots: [
          lotOf('BOND00001', 50_000, 5_250_000, '2025-03-03'),
          lotOf('BOND00002', 40_000, 4_080_000, '2025-11-03'),
          lotOf('BOND00003', 60_000, 6_000_000, '2025-06-02'),
          lotOf('BOND00003', 25_000, 2_400_000, '2025-12-15'),
          lotOf('BOND00004', 30_000, 2_985_000, '2025-09-02'),
          lotOf('BOND00005', 35_000, 3_500_000, '2025-01-06'),
        ],
        recentLossSales: [],
      };
      const inputs: DayInput[] = weekdays(140).map((day, i) => ({
        day,
        strategy,
        ...(i === 0 ? {} : randomFlows(random)),
      }));
      expectValuedDays(market, start, inputs, [
        'COUPON INCOME',
        'REDEMPTION MATURITY',
        'REDEMPTION CALL',
        'SELL WITHDRAWAL',
        'BUY REBALANCE',
      ]);
    },
  );
});
