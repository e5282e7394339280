/**
 * Starts the daily valuation in this process (decision 024): on a PostgreSQL server, pg-boss's
 * schedule and workers; on the embedded database, the in-process timer. Either catches up at
 * once on the days due, and on `catchUp`'s day if later (decision 035).
 */
import type { DocumentStores } from '@ballast/api';
import { type Database, maintainPglite } from '@ballast/db';
import { PgBoss } from 'pg-boss';
import type { Config } from '../config.ts';
import type { ValuationEngines } from './valuation-engine.ts';
import {
  type CatchUp,
  startInProcessValuation,
  startQueuedValuation,
  type ValuationLog,
} from './valuation-schedule.ts';

export type RunningValuation = { stop(): Promise<void> };

/** pg-boss's tables live in a schema of their own, beside the application's. */
const BOSS_SCHEMA = 'pgboss';

export async function startValuation(
  config: Pick<Config, 'valuation' | 'database'>,
  database: Database,
  engines: ValuationEngines,
  stores: DocumentStores,
  log: ValuationLog,
  catchUp?: CatchUp,
): Promise<RunningValuation> {
  const { at, concurrency } = config.valuation;
  const schedule = { db: database.db, engines, stores, log, at, catchUp };
  if (config.database.kind !== 'postgres') {
    const timer = startInProcessValuation({
      ...schedule,
      // The in-process timer also runs on a PostgreSQL server's database when composed so (the
      // tests' first start); only the embedded one needs the maintenance.
      maintain: database.kind === 'pglite' ? () => maintainPglite(database) : undefined,
    });
    return {
      async stop() {
        timer.stop();
        await timer.idle();
      },
    };
  }
  const boss = new PgBoss({ connectionString: config.database.url, schema: BOSS_SCHEMA });
  boss.on('error', (error) => log.error({ err: error }, 'valuation queue error'));
  await boss.start();
  await startQueuedValuation(boss, {
    ...schedule,
    cron: `${at.minute} ${at.hour} * * 1-5`,
    concurrency,
  });
  return { stop: () => boss.stop({ graceful: true }) };
}
