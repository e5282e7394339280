import {
  BondSimulationResultSchema,
  type ComparerResponseItem,
  ComparerSummarySchema,
  SimulationResultSchema,
} from '@ballast/contract';
import { makeBondStrategyInput, makeTokenStrategyInput } from '@ballast/contract/testing';
import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, useApi } from './support/api-fixture.ts';

type Answer = { statusCode: number; json: () => unknown; body: string };

/** The factory's strategy, with liquidity any bond of the market can meet. */
function bondStrategy(
  overrides: { liquidity?: { target: 'H' | 'P' | 'U'; min: number; max: number } } = {},
) {
  const input = makeBondStrategyInput();
  return {
    ...input,
    strategy: {
      ...input.strategy,
      factors: {
        ...input.strategy.factors,
        liquidity: overrides.liquidity ?? { target: 'U' as const, min: 1, max: 100 },
      },
    },
  };
}

describe('simulations computed by the engine', () => {
  const api = useApi({ engineThreads: 2 });
  let advisor: SignedIn;

  beforeAll(async () => {
    advisor = await api.signIn('ADVISOR');
  });

  const post = (url: string, strategy: unknown) =>
    api.call(advisor, { method: 'POST', url, payload: { strategy, time_windows: ['today'] } });

  /** Asks until the answer is no longer pending: a result, or an error. */
  async function settled(ask: () => Promise<Answer>, pending: (answer: Answer) => boolean) {
    const deadline = Date.now() + 50_000;
    for (;;) {
      const answer = await ask();
      if (!pending(answer) || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const simulationResult = (hash: string) =>
    settled(
      () =>
        api.call(advisor, { method: 'GET', url: `/simulation-results?simulation-hash=${hash}` }),
      (answer) =>
        answer.statusCode === 200 &&
        (answer.json() as { simulation_result: unknown }[])[0]?.simulation_result === null,
    );

  const hashOf = (answer: Answer) =>
    (answer.json() as { simulation_hash: string }[])[0]?.simulation_hash ?? '';

  it('builds the bond portfolio and its backtest, and serves the stored result again', async () => {
    const strategy = bondStrategy();
    const submitted = await post('/simulate-portfolio', strategy);
    expect(submitted.statusCode, submitted.body).toBe(202);
    const answer = await simulationResult(hashOf(submitted));
    expect(answer.statusCode, answer.body).toBe(200);
    const [item] = answer.json() as { simulation_result: Record<string, unknown> }[];
    const result = item?.simulation_result ?? {};
    const { backtest, ...bond } = result;
    expect(BondSimulationResultSchema.parse(bond)).toEqual(bond);
    expect(SimulationResultSchema.parse(backtest)).toEqual(backtest);
    const parsed = BondSimulationResultSchema.parse(result);
    // 35 % federal and California's 13.3 %, as the factory's tax data says.
    expect(parsed.tax_rates).toEqual({ aggregate: 52.1, federal: 35, state: 13.3 });
    expect(parsed.timeframe).toBe('today');
    expect(Object.keys(parsed.backtest?.holdings ?? {}).length).toBeGreaterThanOrEqual(15);

    const again = await post('/simulate-portfolio', strategy);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual([
      { time_window: 'today', simulation_hash: hashOf(submitted), simulation_result: result },
    ]);
  });

  it('takes over a run whose claim lapsed, and leaves a fresh claim alone', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const run = (hash: string, claimedAt: Date) => ({
      firmId: advisor.firmId,
      hash,
      kind: 'SIMULATION' as const,
      timeWindow: 'today',
      request: bondStrategy(),
      status: 'RUNNING' as const,
      claimedAt,
    });
    const lapsed = 'b'.repeat(64);
    const fresh = 'c'.repeat(64);
    // Claimed by processes that stopped eleven minutes ago, and one that is still working.
    await api.database.db
      .insert(schema.simulationRuns)
      .values([run(lapsed, minutesAgo(11)), run(fresh, minutesAgo(1))]);
    // Any new request wakes the engine threads.
    await post('/simulate-portfolio', makeTokenStrategyInput());
    const answer = await simulationResult(lapsed);
    expect(answer.statusCode, answer.body).toBe(200);
    const [item] = answer.json() as { simulation_result: unknown }[];
    expect(BondSimulationResultSchema.parse(item?.simulation_result).timeframe).toBe('today');
    const [row] = await api.database.db
      .select({ status: schema.simulationRuns.status })
      .from(schema.simulationRuns)
      .where(eq(schema.simulationRuns.hash, fresh));
    expect(row?.status).toBe('RUNNING');
  });

  it('says why a strategy no portfolio can meet failed, as a 409', async () => {
    const submitted = await post(
      '/simulate-portfolio',
      bondStrategy({ liquidity: { target: 'H', min: 99, max: 100 } }),
    );
    const answer = await simulationResult(hashOf(submitted));
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json()).toEqual({
      type: 'client_error',
      errors: [
        {
          code: 'request_conflict',
          detail: expect.stringMatching(
            /failed: .*no eligible municipal bond cannot be met among \d+ eligible bonds rated A or better, liquidity 99-100, outside the excluded sectors and issuers\.$/,
          ),
          attr: null,
        },
      ],
    });
  });

  it('backtests a token strategy over the token market', async () => {
    const submitted = await post('/simulate-portfolio', makeTokenStrategyInput());
    const answer = await simulationResult(hashOf(submitted));
    expect(answer.statusCode, answer.body).toBe(200);
    const [item] = answer.json() as { simulation_result: unknown }[];
    const result = SimulationResultSchema.parse(item?.simulation_result);
    expect(result).toEqual(item?.simulation_result);
    expect(result.balance.data.map((series) => series.name)).toEqual(['Portfolio', 'Benchmark']);
    // The factory's universe is the 20 largest tokens, without DOGE.
    expect(Object.keys(result.holdings)).not.toContain('DOGE');
  });

  it('fills the comparer’s grid of placements and liquidity', async () => {
    const { style, strategy, tax_data } = makeBondStrategyInput();
    const submitted = await post('/run-comparer', {
      style,
      strategy: { assets: strategy.assets },
      tax_data,
    });
    expect(submitted.statusCode, submitted.body).toBe(202);
    const hash = hashOf(submitted);
    const answer = await settled(
      () => api.call(advisor, { method: 'GET', url: `/comparer-results/${hash}` }),
      (response) =>
        response.statusCode === 200 &&
        (response.json() as ComparerResponseItem).comparer_summary === null,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const summary = ComparerSummarySchema.parse(
      (answer.json() as ComparerResponseItem).comparer_summary,
    );
    expect(summary.length).toBeGreaterThan(0);
    expect(summary.length).toBeLessThanOrEqual(9);
    expect(new Set(summary.map((cell) => cell.duration_placement))).toEqual(
      new Set(['Short', 'Intermediate', 'Long']),
    );
  });

  it('computes the bond style’s default simulation for its build form', async () => {
    const form = () => api.call(advisor, { method: 'GET', url: '/strategy-styles/B/form-options' });
    const answer = await settled(form, (response) => {
      const [item] = (
        response.json() as { default_simulation_results: { simulation_result: unknown }[] }
      ).default_simulation_results;
      return response.statusCode === 200 && item?.simulation_result === null;
    });
    const [item] = (
      answer.json() as { default_simulation_results: { simulation_result: unknown }[] }
    ).default_simulation_results;
    expect(
      BondSimulationResultSchema.parse(item?.simulation_result).attributes.duration,
    ).toBeGreaterThan(0);
  });
});
