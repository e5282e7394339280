// Long on purpose: the simulation and comparer calls (queueing, hashing, results, failures and
// their runs) are checked against one server and its runs table, started once for the file.
import {
  ComparerResponseItemSchema,
  type ComparerSummary,
  EXACTLY_ONE_TIME_WINDOW,
  SimulationResponseItemSchema,
  TIME_WINDOW_NOT_TODAY,
} from '@ballast/contract';
import { makeBondStrategyInput, makeTokenStrategyInput } from '@ballast/contract/testing';
import { schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, useApi } from './support/api-fixture.ts';
import { STORED_RESULT } from './support/simulation-result.ts';

const { simulationRuns } = schema;

const HASH = /^[0-9a-f]{64}$/;

const STORED_SUMMARY: ComparerSummary = [
  {
    duration_placement: 'Short',
    liquidity: 'H',
    attributes: {
      portfolio_yield: 3.1,
      tax_equivalent_yield: 4.9,
      after_tax_cash_flow: 31_000,
      avg_rating: 'AA',
      duration: 2.6,
      tax_loss_harvested_value: 0,
      liquidity: 80,
      asset_class_composition: {
        munis_national: 50,
        munis_in_state: 20,
        corporates: 20,
        treasuries: 10,
      },
    },
  },
];

/** The same object with its keys in reverse order at every depth. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, item]) => [key, reversedKeys(item)]),
    );
  }
  return value;
}

function comparerStrategy(rate: 24 | 35 = 35) {
  const { style, strategy, tax_data } = makeBondStrategyInput();
  return {
    style,
    strategy: { assets: strategy.assets },
    tax_data: { ...tax_data, tax_rate: rate },
  };
}

describe('simulations and comparisons', () => {
  const api = useApi();
  let advisor: SignedIn;

  beforeAll(async () => {
    advisor = await api.signIn('ADVISOR');
  });

  async function finish(
    firmId: string,
    hash: string,
    outcome: { result: unknown } | { failure: string },
  ) {
    await api.database.db
      .update(simulationRuns)
      .set(
        'failure' in outcome
          ? { status: 'FAILED', failure: outcome.failure }
          : { status: 'DONE', result: outcome.result, completedAt: new Date() },
      )
      .where(and(eq(simulationRuns.firmId, firmId), eq(simulationRuns.hash, hash)));
  }

  const runsOf = (firmId: string) =>
    api.database.db.select().from(simulationRuns).where(eq(simulationRuns.firmId, firmId));

  async function simulate(as: SignedIn, strategy: unknown, time_windows: unknown = ['today']) {
    return api.call(as, {
      method: 'POST',
      url: '/simulate-portfolio',
      payload: { strategy, time_windows },
    });
  }

  async function compare(as: SignedIn, strategy: unknown, time_windows: unknown = ['today']) {
    return api.call(as, {
      method: 'POST',
      url: '/run-comparer',
      payload: { strategy, time_windows },
    });
  }

  function hashOf(response: { json: () => unknown }): string {
    return (response.json() as { simulation_hash: string }[])[0]?.simulation_hash ?? '';
  }

  const results = (as: SignedIn, ...hashes: string[]) =>
    api.call(as, {
      method: 'GET',
      url: `/simulation-results?${hashes.map((hash) => `simulation-hash=${hash}`).join('&')}`,
    });

  const comparerResults = (as: SignedIn, ...hashes: string[]) =>
    api.call(as, {
      method: 'GET',
      url: `/comparer-results?${hashes.map((hash) => `simulation-hash[]=${hash}`).join('&')}`,
    });

  describe('simulate-portfolio', () => {
    it('answers 202 with the run of the window, and stores it queued for the firm', async () => {
      const me = await api.signIn('MANAGER');
      const response = await simulate(me, makeBondStrategyInput());
      expect(response.statusCode, response.body).toBe(202);
      const items = SimulationResponseItemSchema.array().parse(response.json());
      expect(items).toEqual([
        {
          time_window: 'today',
          simulation_hash: expect.stringMatching(HASH),
          simulation_result: null,
        },
      ]);
      const runs = await runsOf(me.firmId);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({
        hash: items[0]?.simulation_hash,
        kind: 'SIMULATION',
        status: 'QUEUED',
        timeWindow: 'today',
        request: makeBondStrategyInput(),
      });
    });

    it('stores the same request once, whatever the order of its fields', async () => {
      const me = await api.signIn('ADVISOR');
      const strategy = makeTokenStrategyInput();
      const first = await simulate(me, strategy);
      const twice = await simulate(me, strategy);
      const reordered = await api.call(me, {
        method: 'POST',
        url: '/simulate-portfolio',
        payload: reversedKeys({ strategy, time_windows: ['today'] }) as object,
      });
      expect([twice.statusCode, reordered.statusCode]).toEqual([202, 202]);
      expect(hashOf(twice)).toBe(hashOf(first));
      expect(hashOf(reordered)).toBe(hashOf(first));
      expect(await runsOf(me.firmId)).toHaveLength(1);

      const changed = await simulate(me, {
        ...strategy,
        tax_data: { ...strategy.tax_data, tax_rate: 24 },
      });
      expect(hashOf(changed)).not.toBe(hashOf(first));
      expect(await runsOf(me.firmId)).toHaveLength(2);
    });

    it('answers the stored result to the same request, once the engine has it', async () => {
      const me = await api.signIn('CIO');
      const hash = hashOf(await simulate(me, makeBondStrategyInput()));
      await finish(me.firmId, hash, { result: STORED_RESULT });
      const again = await simulate(me, makeBondStrategyInput());
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual([
        { time_window: 'today', simulation_hash: hash, simulation_result: STORED_RESULT },
      ]);
    });

    it('refuses anything but exactly one window, today, with the contract’s messages', async () => {
      const strategy = makeBondStrategyInput();
      for (const windows of [['today', 'today'], []]) {
        const response = await simulate(advisor, strategy, windows);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          type: 'validation_error',
          errors: [
            { code: expect.any(String), detail: EXACTLY_ONE_TIME_WINDOW, attr: 'time_windows' },
          ],
        });
      }
      const yesterday = await simulate(advisor, strategy, ['yesterday']);
      expect(yesterday.statusCode).toBe(400);
      expect(yesterday.json()).toEqual({
        type: 'validation_error',
        errors: [
          { code: expect.any(String), detail: TIME_WINDOW_NOT_TODAY, attr: 'time_windows.0' },
        ],
      });
      expect(await runsOf(advisor.firmId)).toHaveLength(0);
    });

    it('refuses NUL characters in any string, at the field that holds one', async () => {
      const strategy = makeBondStrategyInput();
      const response = await simulate(advisor, {
        ...strategy,
        strategy: {
          ...strategy.strategy,
          constraints: {
            ...strategy.strategy.constraints,
            excluded_corporate_issuers: ['Ac\u0000me'],
          },
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        type: 'validation_error',
        errors: [
          {
            code: 'null_characters_not_allowed',
            detail: expect.any(String),
            attr: 'strategy.strategy.constraints.excluded_corporate_issuers.0',
          },
        ],
      });
      const query = await api.call(advisor, {
        method: 'GET',
        url: '/simulation-results?simulation-hash=ab%00cd',
      });
      expect(query.statusCode).toBe(400);
      expect(query.json()).toMatchObject({
        errors: [{ code: 'null_characters_not_allowed', attr: 'simulation-hash' }],
      });
    });
  });

  describe('simulation-results', () => {
    it('answers the firm’s runs in the order asked, with results once stored', async () => {
      const firmId = await api.createFirm();
      const submitter = await api.signIn('ADVISOR', { firmId });
      const colleague = await api.signIn('OPERATIONS', { firmId });
      const bond = hashOf(await simulate(submitter, makeBondStrategyInput()));
      const token = hashOf(await simulate(submitter, makeTokenStrategyInput()));

      const pending = await results(colleague, token, bond);
      expect(pending.statusCode, pending.body).toBe(200);
      expect(pending.json()).toEqual([
        { time_window: 'today', simulation_hash: token, simulation_result: null },
        { time_window: 'today', simulation_hash: bond, simulation_result: null },
      ]);

      await finish(firmId, token, { result: STORED_RESULT });
      const done = await results(colleague, bond, token);
      const items = SimulationResponseItemSchema.array().parse(done.json());
      expect(items.map((item) => [item.simulation_hash, item.simulation_result])).toEqual([
        [bond, null],
        [token, STORED_RESULT],
      ]);
    });

    it('does not find a hash the firm never submitted, nor another firm’s', async () => {
      const mine = hashOf(await simulate(advisor, makeBondStrategyInput()));
      const stranger = await api.signIn('ADMINISTRATOR');
      for (const [as, hashes] of [
        [advisor, ['f'.repeat(64)]],
        [advisor, [mine, 'f'.repeat(64)]],
        [stranger, [mine]],
      ] as const) {
        const response = await results(as, ...hashes);
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toEqual({
          type: 'client_error',
          errors: [{ code: 'not_found', detail: expect.any(String), attr: null }],
        });
      }
    });

    it('reports a failed run’s reason as a 409 client error, and runs it again when asked again', async () => {
      const me = await api.signIn('MANAGER');
      const strategy = makeBondStrategyInput();
      const hash = hashOf(await simulate(me, strategy));
      const other = hashOf(await simulate(me, makeTokenStrategyInput()));
      const reason = 'No bonds satisfy a BBB maximum of 0% with a BBB- floor.';
      await finish(me.firmId, hash, { failure: reason });

      for (const hashes of [[hash], [other, hash]]) {
        const failed = await results(me, ...hashes);
        expect(failed.statusCode).toBe(409);
        expect(failed.json()).toEqual({
          type: 'client_error',
          errors: [
            {
              code: 'request_conflict',
              detail: `The simulation ${hash} failed: ${reason}`,
              attr: null,
            },
          ],
        });
      }

      const retried = await simulate(me, strategy);
      expect(retried.statusCode).toBe(202);
      expect(hashOf(retried)).toBe(hash);
      const [row] = (await runsOf(me.firmId)).filter((run) => run.hash === hash);
      expect(row).toMatchObject({ status: 'QUEUED', failure: null });
      expect((await results(me, hash)).statusCode).toBe(200);
    });
  });

  describe('comparer', () => {
    it('answers 202 and stores one run per request, whatever the order of its fields', async () => {
      const me = await api.signIn('ADVISOR');
      const first = await compare(me, comparerStrategy());
      expect(first.statusCode, first.body).toBe(202);
      expect(ComparerResponseItemSchema.array().parse(first.json())).toEqual([
        {
          time_window: 'today',
          simulation_hash: expect.stringMatching(HASH),
          comparer_summary: null,
        },
      ]);
      const twice = await compare(me, comparerStrategy());
      const reordered = await api.call(me, {
        method: 'POST',
        url: '/run-comparer',
        payload: reversedKeys({ strategy: comparerStrategy(), time_windows: ['today'] }) as object,
      });
      expect(hashOf(twice)).toBe(hashOf(first));
      expect(hashOf(reordered)).toBe(hashOf(first));
      expect(hashOf(await compare(me, comparerStrategy(24)))).not.toBe(hashOf(first));
      const runs = await runsOf(me.firmId);
      expect(runs.map((run) => run.kind)).toEqual(['COMPARER', 'COMPARER']);
    });

    it('never shares a hash with a simulation of the same body', async () => {
      const me = await api.signIn('ADVISOR');
      const body = comparerStrategy();
      // Padded to a strategy the simulation accepts, the comparer's body is still its own run.
      const simulated = await simulate(me, { ...makeBondStrategyInput(), tax_data: body.tax_data });
      const compared = await compare(me, body);
      expect(hashOf(compared)).not.toBe(hashOf(simulated));
      const asSimulation = await results(me, hashOf(compared));
      expect(asSimulation.statusCode).toBe(404);
      const asComparison = await comparerResults(me, hashOf(simulated));
      expect(asComparison.statusCode).toBe(404);
    });

    it('answers results by list and by hash, with the summary once stored', async () => {
      const me = await api.signIn('OPERATIONS');
      const one = hashOf(await compare(me, comparerStrategy()));
      const two = hashOf(await compare(me, comparerStrategy(24)));
      await finish(me.firmId, two, { result: STORED_SUMMARY });

      const listed = await comparerResults(me, two, one);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(ComparerResponseItemSchema.array().parse(listed.json())).toEqual([
        { time_window: 'today', simulation_hash: two, comparer_summary: STORED_SUMMARY },
        { time_window: 'today', simulation_hash: one, comparer_summary: null },
      ]);
      const single = await api.call(me, { method: 'GET', url: `/comparer-results/${two}` });
      expect(single.statusCode).toBe(200);
      expect(single.json()).toEqual({
        time_window: 'today',
        simulation_hash: two,
        comparer_summary: STORED_SUMMARY,
      });
    });

    it('refuses anything but exactly one window, today, and NUL characters', async () => {
      const two = await compare(advisor, comparerStrategy(), ['today', 'today']);
      expect(two.statusCode).toBe(400);
      expect(two.json()).toEqual({
        type: 'validation_error',
        errors: [
          { code: expect.any(String), detail: EXACTLY_ONE_TIME_WINDOW, attr: 'time_windows' },
        ],
      });
      const yesterday = await compare(advisor, comparerStrategy(), ['yesterday']);
      expect(yesterday.statusCode).toBe(400);
      expect(yesterday.json()).toEqual({
        type: 'validation_error',
        errors: [
          { code: expect.any(String), detail: TIME_WINDOW_NOT_TODAY, attr: 'time_windows.0' },
        ],
      });
      const strategy = comparerStrategy();
      const nul = await compare(advisor, {
        ...strategy,
        tax_data: { ...strategy.tax_data, tax_residency: 'N\u0000Y' },
      });
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toMatchObject({
        type: 'validation_error',
        errors: [{ code: 'null_characters_not_allowed', attr: 'strategy.tax_data.tax_residency' }],
      });
      expect((await runsOf(advisor.firmId)).filter((run) => run.kind === 'COMPARER')).toHaveLength(
        0,
      );
    });

    it('keeps each firm’s comparisons to itself, and says why one failed', async () => {
      const me = await api.signIn('ADVISOR');
      const hash = hashOf(await compare(me, comparerStrategy()));
      const stranger = await api.signIn('ADMINISTRATOR');
      for (const response of [
        await api.call(stranger, { method: 'GET', url: `/comparer-results/${hash}` }),
        await comparerResults(stranger, hash),
        await api.call(me, { method: 'GET', url: `/comparer-results/${'0'.repeat(64)}` }),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({
          type: 'client_error',
          errors: [{ code: 'not_found', attr: null }],
        });
      }

      await finish(me.firmId, hash, { failure: 'The market data for today is not loaded yet.' });
      for (const failed of [
        await api.call(me, { method: 'GET', url: `/comparer-results/${hash}` }),
        await comparerResults(me, hash),
      ]) {
        expect(failed.statusCode).toBe(409);
        expect(failed.json()).toEqual({
          type: 'client_error',
          errors: [
            {
              code: 'request_conflict',
              detail: `The comparison ${hash} failed: The market data for today is not loaded yet.`,
              attr: null,
            },
          ],
        });
      }
    });
  });

  it('lets every role of the firm simulate, compare and read', async () => {
    const firmId = await api.createFirm();
    for (const role of ['ADMINISTRATOR', 'CIO', 'OPERATIONS', 'MANAGER', 'ADVISOR'] as const) {
      const me = await api.signIn(role, { firmId });
      const simulated = await simulate(me, makeBondStrategyInput());
      const compared = await compare(me, comparerStrategy());
      expect([simulated.statusCode, compared.statusCode], role).toEqual([202, 202]);
      expect((await results(me, hashOf(simulated))).statusCode, role).toBe(200);
      expect((await comparerResults(me, hashOf(compared))).statusCode, role).toBe(200);
    }
    expect(await runsOf(firmId)).toHaveLength(2);
  });

  it('refuses every call without a session', async () => {
    const hash = 'a'.repeat(64);
    for (const request of [
      {
        method: 'POST',
        url: '/simulate-portfolio',
        payload: { strategy: makeBondStrategyInput(), time_windows: ['today'] },
      },
      { method: 'GET', url: `/simulation-results?simulation-hash=${hash}` },
      {
        method: 'POST',
        url: '/run-comparer',
        payload: { strategy: comparerStrategy(), time_windows: ['today'] },
      },
      { method: 'GET', url: `/comparer-results?simulation-hash[]=${hash}` },
      { method: 'GET', url: `/comparer-results/${hash}` },
    ] as const) {
      const response = await api.call(undefined, request);
      expect(response.statusCode, request.url).toBe(401);
      expect(response.json()).toMatchObject({
        type: 'client_error',
        errors: [{ code: 'not_authenticated', attr: null }],
      });
    }
  });
});
