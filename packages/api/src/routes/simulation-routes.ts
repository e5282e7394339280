import {
  type ComparerResponseItem,
  getComparerResult,
  listComparerResults,
  listSimulationResults,
  runComparer,
  type SimulationResponseItem,
  simulatePortfolio,
} from '@ballast/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type ApiContext, apiRoute } from '../api-route.ts';
import type { Caller } from '../auth/authenticate.ts';
import { RATE_LIMITS } from '../request-limits.ts';
import type { RunKind } from '../simulations/canonical-hash.ts';
import { readRuns, type StoredRun, submitRuns } from '../simulations/simulation-store.ts';

type TimeWindow = SimulationResponseItem['time_window'];

/** What a simulation and a comparison request share: the strategy and the windows to run. */
type SubmittedRuns = { strategy: unknown; time_windows: readonly string[] };

function simulationItem(run: StoredRun): SimulationResponseItem {
  return {
    time_window: run.timeWindow as TimeWindow,
    simulation_hash: run.hash,
    simulation_result: run.result as SimulationResponseItem['simulation_result'],
  };
}

function comparerItem(run: StoredRun): ComparerResponseItem {
  return {
    time_window: run.timeWindow as TimeWindow,
    simulation_hash: run.hash,
    comparer_summary: run.result as ComparerResponseItem['comparer_summary'],
  };
}

/**
 * Simulation and comparer requests, stored by the content hash of the canonical request and
 * answered at once (202); results are read by hash when the engine has them. Every role may
 * use them: they read market data, never a client's. A run that failed answers 409 with its
 * reason (see readRuns).
 */
export function registerSimulationRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, simulations } = context;
  const options = { retryFailed: true, market: simulations.market };

  /** Stores the runs a request asks for, wakes the engine, and answers at once. */
  async function submit(
    kind: RunKind,
    { body, caller, reply }: { body: SubmittedRuns; caller: Caller; reply: FastifyReply },
  ): Promise<StoredRun[]> {
    const runs = await submitRuns(
      db,
      caller.firmId,
      kind,
      body.strategy,
      body.time_windows,
      options,
    );
    simulations.runner?.wake();
    reply.code(202);
    return runs;
  }

  apiRoute(
    app,
    context,
    simulatePortfolio,
    async (call) => (await submit('SIMULATION', call)).map(simulationItem),
    { config: { rateLimit: RATE_LIMITS.simulation } },
  );

  apiRoute(app, context, listSimulationResults, async ({ query, caller }) =>
    (await readRuns(db, caller.firmId, 'SIMULATION', query['simulation-hash'])).map(simulationItem),
  );

  apiRoute(
    app,
    context,
    runComparer,
    async (call) => (await submit('COMPARER', call)).map(comparerItem),
    { config: { rateLimit: RATE_LIMITS.comparer } },
  );

  apiRoute(app, context, listComparerResults, async ({ query, caller }) =>
    (await readRuns(db, caller.firmId, 'COMPARER', query['simulation-hash[]'])).map(comparerItem),
  );

  apiRoute(app, context, getComparerResult, async ({ params, caller }) => {
    const [run] = await readRuns(db, caller.firmId, 'COMPARER', [params.result_hash]);
    // readRuns answers one run per hash asked, or throws not_found.
    return comparerItem(run as StoredRun);
  });
}
