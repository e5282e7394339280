import {
  type ComparerResponseItem,
  getComparerResult,
  listComparerResults,
  listSimulationResults,
  runComparer,
  type SimulationResponseItem,
  simulatePortfolio,
} from '@ballast/contract';
import type { FastifyInstance } from 'fastify';
import { type ApiContext, apiRoute } from '../api-route.ts';
import { readRuns, type StoredRun, submitRuns } from '../simulations/simulation-store.ts';

type TimeWindow = SimulationResponseItem['time_window'];

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

  apiRoute(app, context, simulatePortfolio, async ({ body, caller, reply }) => {
    const runs = await submitRuns(
      db,
      caller.firmId,
      'SIMULATION',
      body.strategy,
      body.time_windows,
      options,
    );
    simulations.runner?.wake();
    reply.code(202);
    return runs.map(simulationItem);
  });

  apiRoute(app, context, listSimulationResults, async ({ query, caller }) =>
    (await readRuns(db, caller.firmId, 'SIMULATION', query['simulation-hash'])).map(simulationItem),
  );

  apiRoute(app, context, runComparer, async ({ body, caller, reply }) => {
    const runs = await submitRuns(
      db,
      caller.firmId,
      'COMPARER',
      body.strategy,
      body.time_windows,
      options,
    );
    simulations.runner?.wake();
    reply.code(202);
    return runs.map(comparerItem);
  });

  apiRoute(app, context, listComparerResults, async ({ query, caller }) =>
    (await readRuns(db, caller.firmId, 'COMPARER', query['simulation-hash[]'])).map(comparerItem),
  );

  apiRoute(app, context, getComparerResult, async ({ params, caller }) => {
    const [run] = await readRuns(db, caller.firmId, 'COMPARER', [params.result_hash]);
    // readRuns answers one run per hash asked, or throws not_found.
    return comparerItem(run as StoredRun);
  });
}
