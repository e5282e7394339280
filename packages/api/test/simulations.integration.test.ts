import {
  EXACTLY_ONE_TIME_WINDOW,
  FormOptionsSchema,
  StrategyStyleInfoSchema,
  TIME_WINDOW_NOT_TODAY,
} from '@ballast/contract';
import { makeBondStrategyInput } from '@ballast/contract/testing';
import { schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, startApi } from './support/api-fixture.ts';

type Api = Awaited<ReturnType<typeof startApi>>;
type Item = { time_window: string; simulation_hash: string; simulation_result: unknown };

describe('strategy styles and simulations', () => {
  let api: Api;
  let advisor: SignedIn;

  beforeAll(async () => {
    api = await startApi();
    advisor = await api.signIn('ADVISOR');
  });

  afterAll(() => api?.stop());

  async function finish(firmId: string, hash: string, result: unknown, failure?: string) {
    await api.database.db
      .update(schema.simulationRuns)
      .set(failure ? { status: 'FAILED', failure } : { status: 'DONE', result })
      .where(and(eq(schema.simulationRuns.firmId, firmId), eq(schema.simulationRuns.hash, hash)));
  }

  it('lists the four styles, bond first, each with a build form the contract reads', async () => {
    const styles = await api.call(advisor, { method: 'GET', url: '/strategy-styles' });
    expect(styles.statusCode).toBe(200);
    const list = StrategyStyleInfoSchema.array().parse(styles.json());
    expect(list.map((style) => style.name)).toEqual(['B', 'D', 'A', 'F']);

    for (const { name } of list) {
      const response = await api.call(advisor, {
        method: 'GET',
        url: `/strategy-styles/${name}/form-options`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const form = FormOptionsSchema.parse(response.json());
      expect(form.name).toBe(name);
      expect(form.options.length).toBeGreaterThan(5);
      expect(form.default_simulation_results).toEqual([
        {
          time_window: 'today',
          simulation_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          simulation_result: null,
        },
      ]);
    }
    const bond = FormOptionsSchema.parse(
      (await api.call(advisor, { method: 'GET', url: '/strategy-styles/B/form-options' })).json(),
    );
    const placement = bond.options.find(
      (option) => option.payload_field_name === 'strategy.factors.duration.placement',
    );
    expect(placement?.values.map((value) => value.limits)).toEqual([
      { min: 2, max: 3 },
      { min: 3, max: 7 },
      { min: 7, max: 15 },
    ]);
    const unknown = await api.call(advisor, {
      method: 'GET',
      url: '/strategy-styles/Z/form-options',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('serves the default result once the engine has stored it', async () => {
    const me = await api.signIn('CIO');
    const first = FormOptionsSchema.parse(
      (await api.call(me, { method: 'GET', url: '/strategy-styles/D/form-options' })).json(),
    );
    const hash = first.default_simulation_results[0]?.simulation_hash ?? '';
    const result = { timeframe: 'today', marker: 'stored by the engine' };
    await finish(me.firmId, hash, result);
    const again = (
      await api.call(me, { method: 'GET', url: '/strategy-styles/D/form-options' })
    ).json() as { default_simulation_results: Item[] };
    expect(again.default_simulation_results[0]?.simulation_result).toEqual(result);
  });

  it('stores a simulation once per request, whatever the field order, and serves its result', async () => {
    const me = await api.signIn('MANAGER');
    const strategy = makeBondStrategyInput();
    const submitted = await api.call(me, {
      method: 'POST',
      url: '/simulate-portfolio',
      payload: { strategy, time_windows: ['today'] },
    });
    expect(submitted.statusCode, submitted.body).toBe(202);
    const [item] = submitted.json() as Item[];
    expect(item).toMatchObject({ time_window: 'today', simulation_result: null });

    const reordered = Object.fromEntries(Object.entries(strategy).reverse());
    const again = await api.call(me, {
      method: 'POST',
      url: '/simulate-portfolio',
      payload: { time_windows: ['today'], strategy: reordered },
    });
    expect((again.json() as Item[])[0]?.simulation_hash).toBe(item?.simulation_hash);
    const rows = await api.database.db
      .select()
      .from(schema.simulationRuns)
      .where(eq(schema.simulationRuns.firmId, me.firmId));
    expect(rows.filter((row) => row.kind === 'SIMULATION')).toHaveLength(1);

    const pending = await api.call(me, {
      method: 'GET',
      url: `/simulation-results?simulation-hash=${item?.simulation_hash}`,
    });
    expect(pending.json()).toEqual([item]);
    await finish(me.firmId, item?.simulation_hash ?? '', { timeframe: 'today' });
    const done = await api.call(me, {
      method: 'GET',
      url: `/simulation-results?simulation-hash=${item?.simulation_hash}`,
    });
    expect((done.json() as Item[])[0]?.simulation_result).toEqual({ timeframe: 'today' });
  });

  it('refuses anything but exactly one window, today, with the spec’s messages', async () => {
    const strategy = makeBondStrategyInput();
    const two = await api.call(advisor, {
      method: 'POST',
      url: '/simulate-portfolio',
      payload: { strategy, time_windows: ['today', 'today'] },
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({
      errors: [{ attr: 'time_windows', detail: EXACTLY_ONE_TIME_WINDOW }],
    });
    const yesterday = await api.call(advisor, {
      method: 'POST',
      url: '/run-comparer',
      payload: { strategy: comparerStrategy(), time_windows: ['yesterday'] },
    });
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json()).toMatchObject({
      errors: [{ attr: 'time_windows.0', detail: TIME_WINDOW_NOT_TODAY }],
    });
    const nul = await api.call(advisor, {
      method: 'POST',
      url: '/simulate-portfolio',
      payload: {
        strategy: { ...strategy, tax_data: { ...strategy.tax_data, tax_residency: 'N\u0000Y' } },
        time_windows: ['today'],
      },
    });
    expect(nul.json()).toMatchObject({
      errors: [{ code: 'null_characters_not_allowed', attr: 'strategy.tax_data.tax_residency' }],
    });
  });

  function comparerStrategy() {
    const { style, strategy, tax_data } = makeBondStrategyInput();
    return { style, strategy: { assets: strategy.assets }, tax_data };
  }

  it('keeps each firm’s runs to itself, and says why a run failed', async () => {
    const me = await api.signIn('ADVISOR');
    const submitted = await api.call(me, {
      method: 'POST',
      url: '/run-comparer',
      payload: { strategy: comparerStrategy(), time_windows: ['today'] },
    });
    expect(submitted.statusCode, submitted.body).toBe(202);
    const hash = (submitted.json() as { simulation_hash: string }[])[0]?.simulation_hash ?? '';
    const mine = await api.call(me, { method: 'GET', url: `/comparer-results/${hash}` });
    expect(mine.json()).toEqual({
      time_window: 'today',
      simulation_hash: hash,
      comparer_summary: null,
    });
    const listed = await api.call(me, {
      method: 'GET',
      url: `/comparer-results?simulation-hash[]=${hash}`,
    });
    expect(listed.json()).toEqual([mine.json()]);

    const stranger = await api.signIn('ADMINISTRATOR');
    for (const url of [
      `/comparer-results/${hash}`,
      `/comparer-results?simulation-hash[]=${hash}`,
    ]) {
      const response = await api.call(stranger, { method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
    const asSimulation = await api.call(me, {
      method: 'GET',
      url: `/simulation-results?simulation-hash=${hash}`,
    });
    expect(asSimulation.statusCode).toBe(404);

    await finish(me.firmId, hash, null, 'No bonds satisfy a BBB maximum of 0% with a BBB- floor.');
    const failed = await api.call(me, { method: 'GET', url: `/comparer-results/${hash}` });
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toEqual({
      type: 'validation_error',
      errors: [
        {
          code: 'invalid',
          attr: 'simulation-hash',
          detail: 'The comparison failed: No bonds satisfy a BBB maximum of 0% with a BBB- floor.',
        },
      ],
    });
  });
});
