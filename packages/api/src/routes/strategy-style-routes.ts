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
  // Written on first use rather than at start, so a server whose database is briefly away
  // still starts (and says so through /health); a failed write is tried again next time.
  let synced: Promise<void> | undefined;
  const ensureSynced = () => {
    synced ??= syncStrategyStyles(db).catch((error: unknown) => {
      synced = undefined;
      throw error;
    });
    return synced;
  };

  apiRoute(app, context, listStrategyStyles, async () => {
    await ensureSynced();
    const rows = await db.select().from(strategyStyles).orderBy(asc(strategyStyles.position));
    return rows.map((row) => ({
      name: row.name,
      summary: row.summary,
      description: row.description,
    }));
  });

  apiRoute(app, context, getStrategyStyleFormOptions, async ({ params, caller }) => {
    await ensureSynced();
    const [row] = await db
      .select()
      .from(strategyStyles)
      .where(eq(strategyStyles.name, params.name));
    if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
    // The default strategy's simulation is queued for the firm on first sight, so the screen
    // has a chart to show as soon as the engine has run it once.
    const runs = await submitRuns(db, caller.firmId, 'SIMULATION', row.defaultStrategy, ['today'], {
      failedAsPending: true,
    });
    return {
      name: row.name,
      options: row.formOptions as FormOption[],
      default_simulation_results: runs.map(
        (run): SimulationResponseItem => ({
          time_window: 'today',
          simulation_hash: run.hash,
          simulation_result: run.result as SimulationResponseItem['simulation_result'],
        }),
      ),
    };
  });
}
