import { COMPARER_CELLS, ComparerSummarySchema } from '@ballast/contract';
import { makeBondStrategyInput, makeTaxData } from '@ballast/contract/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { cellStrategy } from '../bond-strategy/comparer.ts';
import { simulateBondStrategy } from '../bond-strategy/simulate-bond-strategy.ts';
import { generatedMarket } from '../market/generated-market.ts';
import { loadSolver } from '../optimise/solver.ts';
import { createEnginePool } from './engine-pool.ts';

const market = { bondCounts: { municipal: 6_000, corporate: 2_000, treasury: 400 } };
const pool = await createEnginePool({ size: 2, market: { kind: 'generated', options: market } });
afterAll(() => pool.close());

describe('the engine pool (SPEC 10.3)', () => {
  it('holds the same market in every thread as the caller would build', () => {
    expect(pool.marketVersion).toBe(generatedMarket(market).version);
  });

  it('runs a bond simulation in a thread', async () => {
    const { strategy, tax_data } = makeBondStrategyInput();
    const simulation = await pool.run({
      kind: 'bond-simulation',
      input: {
        strategy: {
          ...strategy,
          factors: { ...strategy.factors, liquidity: { target: 'U', min: 1, max: 100 } },
        },
        tax_data,
      },
      timeWindow: 'today',
    });
    if (!simulation.ok) throw new Error(simulation.reason);
    expect(simulation.value.bond.timeframe).toBe('today');
    expect(Object.keys(simulation.value.general.holdings).length).toBeGreaterThanOrEqual(15);
  });

  it('says a strategy no portfolio meets is infeasible, with the reason', async () => {
    const { strategy, tax_data } = makeBondStrategyInput();
    const job = pool.run({
      kind: 'bond-simulation',
      input: {
        strategy: {
          ...strategy,
          factors: { ...strategy.factors, liquidity: { target: 'H', min: 99, max: 100 } },
        },
        tax_data,
      },
      timeWindow: 'today',
    });
    expect(await job).toEqual({
      ok: false,
      reason: expect.stringMatching(/\d+ eligible bonds? rated A or better, liquidity 99-100, /),
    });
  });

  it('fills the comparer’s grid in order, placement by placement', async () => {
    const cells = await pool.runComparer({
      style: 'B',
      strategy: {
        assets: { type: 'max_allocation', muni_max_pct: 70, corp_max_pct: 30, tsry_max_pct: 30 },
      },
      tax_data: makeTaxData(),
    });
    expect(ComparerSummarySchema.parse(cells)).toEqual(cells);
    expect(cells.map((cell) => `${cell.duration_placement} ${cell.liquidity}`)).toEqual(
      COMPARER_CELLS.map((cell) => `${cell.placement} ${cell.liquidity}`),
    );
    const long = cells.find((cell) => cell.duration_placement === 'Long' && cell.liquidity === 'U');
    const short = cells.find(
      (cell) => cell.duration_placement === 'Short' && cell.liquidity === 'U',
    );
    expect(long?.attributes.duration).toBeGreaterThan(short?.attributes.duration ?? 0);
  });

  it('answers each comparer request as its cells simulated alone would, after another request', async () => {
    const first = {
      style: 'B' as const,
      strategy: {
        assets: {
          type: 'max_allocation' as const,
          muni_max_pct: 70,
          corp_max_pct: 30,
          tsry_max_pct: 30,
        },
      },
      tax_data: makeTaxData(),
    };
    const second = {
      ...first,
      strategy: {
        assets: { type: 'select' as const, municipals: true, corporates: true, treasuries: false },
      },
      tax_data: makeTaxData({ tax_residency: 'NY', tax_rate: 24 }),
    };
    await pool.runComparer(first);
    const cells = await pool.runComparer(second);
    const highs = await loadSolver();
    const held = generatedMarket(market);
    const alone = COMPARER_CELLS.flatMap((cell) => {
      const input = { strategy: cellStrategy(second, cell), tax_data: second.tax_data };
      const answer = simulateBondStrategy(highs, held, input, 'today');
      if (!answer.ok) return [];
      const { attributes } = answer.value.bond;
      return [{ duration_placement: cell.placement, liquidity: cell.liquidity, attributes }];
    });
    expect(cells).toEqual(alone);
  });
});
