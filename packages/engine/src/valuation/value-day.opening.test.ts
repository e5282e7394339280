import { describe, expect, it } from 'vitest';
import { cashAllowance } from '../bond-strategy/constraint-check.ts';
import { CONSTRUCTION } from '../bond-strategy/construction-rules.ts';
import { generatedMarket } from '../market/generated-market.ts';
import { loadSolver } from '../optimise/solver.ts';
import { bondStrategy, historyOnItsDate } from './valuation-fixtures.ts';
import { valueDay } from './value-day.ts';

const solver = await loadSolver();
const market = generatedMarket({ bondCounts: { municipal: 600, corporate: 200, treasury: 50 } });
const history = historyOnItsDate(market);

describe('opening a bond book (SPEC 12.5)', () => {
  // The house strategy with room for treasuries and any liquidity: this small market holds few
  // bonds inside the house's liquidity range.
  const house = bondStrategy();
  const strategy = {
    ...house,
    strategy: {
      ...house.strategy,
      assets: { type: 'max_allocation', muni_max_pct: 70, corp_max_pct: 30, tsry_max_pct: 30 },
      factors: { ...house.strategy.factors, liquidity: { target: 'U', min: 1, max: 100 } },
    },
  } satisfies typeof house;
  const cash = 50_000_000;
  const day = valueDay(
    {
      market: history,
      day: market.asOf,
      previousDay: null,
      book: { cashCents: cash, lots: [], recentLossSales: [] },
      previous: null,
      strategy,
      strategyChanged: false,
      dnt: null,
      depositCents: 0,
      withdrawalCents: 0,
    },
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
