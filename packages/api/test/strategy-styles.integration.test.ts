import {
  FormOptionsSchema,
  SimulationResponseItemSchema,
  StrategyStyleInfoSchema,
} from '@ballast/contract';
import { schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { STYLE_DEFINITIONS } from '../src/strategy-styles/style-definitions.ts';
import { syncStrategyStyles } from '../src/strategy-styles/style-sync.ts';
import { type SignedIn, useApi } from './support/api-fixture.ts';
import { STORED_RESULT } from './support/simulation-result.ts';

const { simulationRuns, strategyStyles } = schema;

describe('strategy styles', () => {
  const api = useApi();
  let advisor: SignedIn;

  beforeAll(async () => {
    advisor = await api.signIn('ADVISOR');
  });

  const formOf = async (as: SignedIn, name: string) => {
    const response = await api.call(as, {
      method: 'GET',
      url: `/strategy-styles/${name}/form-options`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return FormOptionsSchema.parse(response.json());
  };

  const runsOf = (firmId: string) =>
    api.database.db.select().from(simulationRuns).where(eq(simulationRuns.firmId, firmId));

  it('writes the four styles once the api is ready, before anyone asks', async () => {
    await vi.waitFor(async () => {
      const rows = await api.database.db.select().from(strategyStyles);
      expect(rows.map((row) => row.name).sort()).toEqual(['A', 'B', 'D', 'F']);
    });
  });

  it('lists B, D, A and F, each with its build form as the contract reads it', async () => {
    const response = await api.call(advisor, { method: 'GET', url: '/strategy-styles' });
    expect(response.statusCode).toBe(200);
    const styles = StrategyStyleInfoSchema.array().parse(response.json());
    expect(styles.map((style) => style.name)).toEqual(['B', 'D', 'A', 'F']);
    expect(response.json()).toEqual(
      STYLE_DEFINITIONS.map(({ name, summary, description }) => ({ name, summary, description })),
    );

    for (const definition of STYLE_DEFINITIONS) {
      const form = await formOf(advisor, definition.name);
      expect(form.name).toBe(definition.name);
      expect(form.options).toEqual(definition.options);
      expect(form.default_simulation_results).toEqual([
        {
          time_window: 'today',
          simulation_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          simulation_result: null,
        },
      ]);
    }
    const bond = await formOf(advisor, 'B');
    const placement = bond.options.find(
      (option) => option.payload_field_name === 'strategy.factors.duration.placement',
    );
    expect(placement?.values.map((value) => [value.value, value.limits])).toEqual([
      ['Short', { min: 2, max: 3 }],
      ['Intermediate', { min: 3, max: 7 }],
      ['Long', { min: 7, max: 15 }],
    ]);
  });

  it('queues the default simulation once per firm, under the hash simulating it would use', async () => {
    const me = await api.signIn('OPERATIONS');
    const first = await formOf(me, 'B');
    const again = await formOf(me, 'B');
    const hash = first.default_simulation_results[0]?.simulation_hash;
    expect(again.default_simulation_results[0]?.simulation_hash).toBe(hash);
    const runs = await runsOf(me.firmId);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ hash, kind: 'SIMULATION', status: 'QUEUED' });

    // An advisor who simulates the untouched default is answered from the same run.
    const simulated = await api.call(me, {
      method: 'POST',
      url: '/simulate-portfolio',
      payload: { strategy: STYLE_DEFINITIONS[0]?.defaultStrategy, time_windows: ['today'] },
    });
    expect(simulated.statusCode, simulated.body).toBe(202);
    expect((simulated.json() as { simulation_hash: string }[])[0]?.simulation_hash).toBe(hash);
    expect(await runsOf(me.firmId)).toHaveLength(1);

    // Another firm gets its own run of the same default.
    const other = await api.signIn('ADVISOR');
    const theirs = await formOf(other, 'B');
    expect(theirs.default_simulation_results[0]?.simulation_hash).toBe(hash);
    expect(await runsOf(other.firmId)).toHaveLength(1);
  });

  it('serves the default result once the engine has stored it, and a failed one as pending', async () => {
    const me = await api.signIn('CIO');
    const hash = (await formOf(me, 'D')).default_simulation_results[0]?.simulation_hash ?? '';
    const where = and(eq(simulationRuns.firmId, me.firmId), eq(simulationRuns.hash, hash));
    await api.database.db
      .update(simulationRuns)
      .set({ status: 'DONE', result: STORED_RESULT, completedAt: new Date() })
      .where(where);
    const done = await formOf(me, 'D');
    expect(done.default_simulation_results).toEqual([
      { time_window: 'today', simulation_hash: hash, simulation_result: STORED_RESULT },
    ]);
    SimulationResponseItemSchema.parse(done.default_simulation_results[0]);

    await api.database.db
      .update(simulationRuns)
      .set({ status: 'FAILED', result: null, failure: 'Market data unavailable.' })
      .where(where);
    const failed = await formOf(me, 'D');
    expect(failed.default_simulation_results[0]?.simulation_result).toBeNull();
    // Showing the form does not start a failed default over.
    const [row] = await api.database.db.select().from(simulationRuns).where(where);
    expect(row?.status).toBe('FAILED');
  });

  it('answers 404 in the product §8 format for a style that does not exist', async () => {
    for (const name of ['Z', 'b', 'BB']) {
      const response = await api.call(advisor, {
        method: 'GET',
        url: `/strategy-styles/${name}/form-options`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        type: 'client_error',
        errors: [{ code: 'not_found', detail: 'Not found.', attr: null }],
      });
    }
  });

  it('lets every role of the firm read the styles', async () => {
    const firmId = await api.createFirm();
    for (const role of ['ADMINISTRATOR', 'CIO', 'OPERATIONS', 'MANAGER', 'ADVISOR'] as const) {
      const me = await api.signIn(role, { firmId });
      const response = await api.call(me, { method: 'GET', url: '/strategy-styles' });
      expect(response.statusCode, role).toBe(200);
      expect((await formOf(me, 'F')).name).toBe('F');
    }
    expect(await runsOf(firmId)).toHaveLength(1);
  });

  it('refuses callers without a session', async () => {
    for (const url of ['/strategy-styles', '/strategy-styles/B/form-options']) {
      const response = await api.call(undefined, { method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({
        type: 'client_error',
        errors: [{ code: 'not_authenticated', attr: null }],
      });
    }
  });

  it('writes the release’s definitions over stale rows, however often it runs', async () => {
    const { db } = api.database;
    await db
      .update(strategyStyles)
      .set({ summary: 'stale', formOptions: [], position: 9 })
      .where(eq(strategyStyles.name, 'A'));
    await syncStrategyStyles(db);
    await syncStrategyStyles(db);
    const rows = await db.select().from(strategyStyles);
    expect(rows).toHaveLength(4);
    const a = rows.find((row) => row.name === 'A');
    const definition = STYLE_DEFINITIONS.find((style) => style.name === 'A');
    expect(a).toMatchObject({
      summary: definition?.summary,
      position: 2,
      formOptions: definition?.options,
      defaultStrategy: definition?.defaultStrategy,
    });
  });
});
