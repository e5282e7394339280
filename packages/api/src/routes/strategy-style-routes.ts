import {
  type FormOption,
  getStrategyStyleFormOptions,
  listStrategyStyles,
  NOT_FOUND_DETAIL,
  type SimulationResponseItem,
} from '@ballast/contract';
import { schema } from '@ballast/db';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type ApiContext, apiRoute } from '../api-route.ts';
import { AppError } from '../app-error.ts';
import { submitRuns } from '../simulations/simulation-store.ts';
import { syncStrategyStyles } from '../strategy-styles/style-sync.ts';

const { strategyStyles } = schema;

/** Strategy styles and the build form of each. */
export function registerStrategyStyleRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db } = context;
  // The release's styles are written once the api is ready, so a new release updates them. The
  // start does not wait for it, so a server whose database is briefly away still starts (and
  // says so through /health); the calls below wait for the same write, and one that failed is
  // tried again by the next call.
  let synced: Promise<void> | undefined;
  const ensureSynced = () => {
    synced ??= syncStrategyStyles(db).catch((error: unknown) => {
      synced = undefined;
      throw error;
    });
    return synced;
  };
  app.addHook('onReady', async () => {
    ensureSynced().catch((error: unknown) => {
      app.log.warn({ err: error }, 'strategy styles not written at start; retried on first use');
    });
  });

  apiRoute(app, context, listStrategyStyles, async () => {
    await ensureSynced();
    const rows = await db
      .select({
        name: strategyStyles.name,
        summary: strategyStyles.summary,
        description: strategyStyles.description,
      })
      .from(strategyStyles)
      .orderBy(asc(strategyStyles.position));
    return rows;
  });

  apiRoute(app, context, getStrategyStyleFormOptions, async ({ params, caller }) => {
    await ensureSynced();
    const [row] = await db
      .select({
        name: strategyStyles.name,
        formOptions: strategyStyles.formOptions,
        defaultStrategy: strategyStyles.defaultStrategy,
      })
      .from(strategyStyles)
      .where(eq(strategyStyles.name, params.name));
    if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
    // The default strategy's simulation is queued for the firm on first sight, so the screen
    // has a chart to show as soon as the engine has run it once.
    const runs = await submitRuns(db, caller.firmId, 'SIMULATION', row.defaultStrategy, ['today'], {
      retryFailed: false,
      market: context.simulations.market,
    });
    context.simulations.runner?.wake();
    return {
      name: row.name,
      options: row.formOptions as FormOption[],
      default_simulation_results: runs.map(
        (run): SimulationResponseItem => ({
          time_window: run.timeWindow as SimulationResponseItem['time_window'],
          simulation_hash: run.hash,
          simulation_result: run.result as SimulationResponseItem['simulation_result'],
        }),
      ),
    };
  });
}
