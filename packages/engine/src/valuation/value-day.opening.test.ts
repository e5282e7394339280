import { describe, expect, it } from 'vitest';
import { cashAllowance } from '../bond-strategy/constraint-check.ts';
import { CONSTRUCTION } from '../bond-strategy/construction-rules.ts';
import { generatedMarket } from '../market/generated-market.ts';
import { loadSolver } from '../optimise/solver.ts';
import { bondStrategy, historyOnItsDate } from './valuation-fixtures.ts';
import type { ValuationDay } from './valuation-types.ts';
import { valueDay } from './value-day.ts';

const solver = await loadSolver();
const market = generatedMarket({ bondCounts: { municipal: 600, corporate: 200, treasury: 50 } });
const history = historyOnItsDate(market);

// The house strategy with room for treasuries and any liquidity: this small market holds few
// bonds inside the house's liquidity range.
const house = bondStrategy();
const loose = {
  ...house,
  strategy: {
    ...house.strategy,
    assets: { type: 'max_allocation', muni_max_pct: 70, corp_max_pct: 30, tsry_max_pct: 30 },
    factors: { ...house.strategy.factors, liquidity: { target: 'U', min: 1, max: 100 } },
  },
} satisfies typeof house;

const onItsDate = (overrides: Partial<ValuationDay>): ValuationDay => ({
  market: history,
  day: market.asOf,
  previousDay: null,
  book: { cashCents: 0, lots: [], recentLossSales: [] },
  previous: null,
  strategy: bondStrategy(),
  strategyChanged: false,
  dnt: null,
  depositCents: 0,
  withdrawalCents: 0,
  ...overrides,
});

describe('opening a bond book (SPEC 12.5)', () => {
  const strategy = loose;
  const cash = 50_000_000;
  const day = valueDay(
    onItsDate({ book: { cashCents: cash, lots: [], recentLossSales: [] }, strategy }),
    solver,
  );

  it("buys the construction's portfolio in round lots at the day's marks", () => {
    expect(day.blocked).toEqual([]);
    const buys = day.entries;
    expect(buys.length).toBeGreaterThanOrEqual(CONSTRUCTION.minHoldings);
    expect(buys.length).toBeLessThanOrEqual(CONSTRUCTION.maxHoldings);
    for (const entry of buys) {
      const bond = market.bonds.cusip.indexOf(entry.instrument as string);
      // Clean price × face / 100 dollars is price × face cents; the accrued interest likewise.
      const clean = Math.round((market.bonds.price[bond] as number) * entry.quantity);
      const accrued = Math.round((market.bonds.accrued[bond] as number) * entry.quantity);
      expect(entry).toEqual({
        kind: 'BUY',
        reason: 'OPENING',
        instrument: entry.instrument,
        quantity: entry.quantity,
        cashCents: -(clean + accrued),
        incomeCents: -accrued,
        feeCents: 0,
      });
      expect(entry.quantity % CONSTRUCTION.lotPar).toBe(0);
    }
  });

  it('keeps the cash the construction leaves, and a NAV that is the cash it started with', () => {
    // Bought at the marks it is valued at: nothing unrealised, the accrued interest paid is
    // the accrued interest held, no fees, so the NAV is the opening cash to the cent.
    expect(day.book.cashCents).toBeGreaterThanOrEqual(0);
    expect(day.book.cashCents).toBeLessThanOrEqual(cashAllowance(cash / 100) * 100);
    expect(day.figures).toMatchObject({
      navCents: cash,
      unrealisedCents: 0,
      incomeCents: 0,
      feesCents: 0,
      numberOfHoldings: day.entries.length,
    });
    expect(day.figures.ytw).toBeGreaterThan(0);
    expect(day.figures.duration).toBeGreaterThanOrEqual(
      strategy.strategy.factors.duration.min - 0.1,
    );
    expect(day.figures.duration).toBeLessThanOrEqual(strategy.strategy.factors.duration.max + 0.1);
    expect(
      day.assetLines
        .filter((line) => line.in_state_flag === 'true')
        .every((line) => line.asset_class === 'in_state_municipal_bonds'),
    ).toBe(true);
  });
});

describe('a change of bond strategy (SPEC 12.7)', () => {
  it('sells what the new portfolio holds less of and buys the rest, the identity intact', () => {
    const munisOnly = {
      ...loose,
      strategy: {
        ...loose.strategy,
        assets: { type: 'select', municipals: true, corporates: false, treasuries: false },
      },
    } satisfies typeof house;
    const opened = valueDay(
      onItsDate({
        book: { cashCents: 50_000_000, lots: [], recentLossSales: [] },
        strategy: loose,
      }),
      solver,
    );
    // Valued again the same day, as if a day later with nothing moved: only the change trades.
    const changed = valueDay(
      onItsDate({
        previousDay: market.asOf,
        book: opened.book,
        previous: opened.figures,
        strategy: munisOnly,
        strategyChanged: true,
      }),
      solver,
    );
    expect(changed.blocked).toEqual([]);
    const municipal = (cusip: string | null) =>
      market.bonds.bondClass[market.bonds.cusip.indexOf(cusip as string)] === 0;
    const sold = changed.entries.filter((entry) => entry.kind === 'SELL');
    const bought = changed.entries.filter((entry) => entry.kind === 'BUY');
    // Every corporate and treasury goes; whatever is bought is municipal.
    expect(sold.length).toBeGreaterThan(0);
    expect(changed.entries.every((entry) => entry.reason === 'STRATEGY_CHANGE')).toBe(true);
    expect(bought.every((entry) => municipal(entry.instrument))).toBe(true);
    expect(changed.book.lots.every((lot) => municipal(lot.instrument))).toBe(true);
    // Bonds trade without fees at the marks they are valued at: the NAV moves only by the
    // cents each instrument's rounding may put between a sale and what is left.
    const { figures } = changed;
    expect(figures.feesCents).toBe(0);
    expect(figures.navCents - opened.figures.navCents).toBe(
      figures.incomeCents +
        figures.realisedPriceChangeCents +
        figures.unrealisedCents -
        opened.figures.unrealisedCents,
    );
    expect(Math.abs(figures.navCents - opened.figures.navCents)).toBeLessThanOrEqual(sold.length);
  });
});
