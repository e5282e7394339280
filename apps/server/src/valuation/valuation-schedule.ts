/**
 * When the daily valuation runs (decision 024). On a PostgreSQL server pg-boss keeps the
 * schedule, the retries with backoff and the dead letters, and splits a day's portfolios into
 * batches that any api or worker process takes. The embedded database belongs to one process,
 * which runs the same valuation on a timer of its own. Both catch up on start, so days missed
 * while the system was down are valued in order.
 */
import {
  type DocumentStores,
  lastBusinessDayOnOrBefore,
  portfoliosToValue,
  runValuation,
  type ValuationSummary,
} from '@ballast/api';
import type { Db } from '@ballast/db';
import { formatIsoDate } from '@ballast/engine';
import type { ValuationEngines } from './valuation-engine.ts';

/** What the schedule logs through: pino's, or Fastify's which is pino's. */
export type ValuationLog = {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type ValuationScheduleOptions = {
  db: Db;
  engines: ValuationEngines;
  stores: DocumentStores;
  log: ValuationLog;
  /** UTC hour and minute of the daily run, after the markets close. */
  at: { hour: number; minute: number };
  now?: () => Date;
};

/** Minutes between attempts of a run that left failures, in turn; then the failures stand. */
const RETRY_MINUTES = [1, 5, 25] as const;

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last business day whose run time has passed. */
export function lastDueDay(now: Date, at: ValuationScheduleOptions['at']): string {
  const runToday = new Date(now);
  runToday.setUTCHours(at.hour, at.minute, 0, 0);
  const day = now >= runToday ? now : new Date(now.getTime() - DAY_MS);
  return lastBusinessDayOnOrBefore(isoDay(day));
}

/** Values every open portfolio through `date`, or as far as the market's data reaches. */
export async function valueThrough(
  db: Db,
  engines: ValuationEngines,
  stores: DocumentStores,
  date: string,
  scope: {
    portfolioIds?: readonly string[];
    concurrency?: number;
    onDay?: (date: string, through: string) => void;
  } = {},
): Promise<ValuationSummary & { through: string }> {
  // A restart usually finds every day valued: then there is no market to build, which takes
  // seconds of the start.
  const due = await portfoliosToValue(db, { through: date, portfolioIds: scope.portfolioIds });
  if (due.length === 0) return { portfolios: 0, valued: 0, failures: [], through: date };
  const engine = await engines.through(date);
  const lastDay = formatIsoDate(engine.market.lastDay);
  const through = date < lastDay ? date : lastDay;
  const summary = await runValuation(
    db,
    engine,
    { through, portfolioIds: scope.portfolioIds },
    { concurrency: scope.concurrency, stores, onDay: scope.onDay },
  );
  return { ...summary, through };
}

function logSummary(log: ValuationLog, summary: ValuationSummary & { through: string }): void {
  log.info(
    { through: summary.through, portfolios: summary.portfolios, valued: summary.valued },
    'valuation run finished',
  );
  for (const failure of summary.failures) {
    log.error(
      { portfolioId: failure.portfolioId, date: failure.date, error: failure.error },
      'valuation of a portfolio-day failed',
    );
  }
}

/** The embedded database's schedule: a timer in this process, retrying failures with backoff. */
export function startInProcessValuation(options: ValuationScheduleOptions): {
  stop(): void;
  /** The run in progress, if any (tests and shutdown wait on it). */
  idle(): Promise<void>;
} {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const run = (attempt: number) => {
    running = running.then(async () => {
      if (stopped) return;
      const date = lastDueDay(now(), options.at);
      try {
        const summary = await valueThrough(options.db, options.engines, options.stores, date);
        logSummary(options.log, summary);
        const delay = RETRY_MINUTES[attempt];
        if (summary.failures.length > 0 && delay !== undefined)
          schedule(delay * 60_000, attempt + 1);
        else scheduleNextDay();
      } catch (error) {
        options.log.error({ err: error }, 'valuation run could not start');
        scheduleNextDay();
      }
    });
  };
  const schedule = (ms: number, attempt: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => run(attempt), ms);
    timer.unref();
  };
  const scheduleNextDay = () => {
    const current = now();
    const next = new Date(current);
    next.setUTCHours(options.at.hour, options.at.minute, 0, 0);
    if (next <= current) next.setTime(next.getTime() + DAY_MS);
    schedule(next.getTime() - current.getTime(), 0);
  };
  run(0);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    idle: () => running,
  };
}

/** Portfolios per batch job: small enough that a retry redoes little, large enough to be cheap. */
const BATCH = 100;
const QUEUES = {
  day: 'valuation-day',
  batch: 'valuation-batch',
  deadLetters: 'valuation-dead-letters',
} as const;

type BossLike = import('pg-boss').PgBoss;

/**
 * The PostgreSQL schedule through pg-boss: a cron job names the day; its handler splits the
 * portfolios left to value into batches; each batch is a job any process takes, retried with
 * exponential backoff and kept as a dead letter once its retries are spent. A portfolio-day is
 * valued once however many processes take batches: its book row is locked while it is valued,
 * and a day already valued is skipped.
 */
export async function startQueuedValuation(
  boss: BossLike,
  options: Omit<ValuationScheduleOptions, 'now'> & {
    cron: string;
    concurrency: number;
    now?: () => Date;
  },
): Promise<void> {
  const retries = { retryLimit: 5, retryDelay: 60, retryBackoff: true, retryDelayMax: 3_600 };
  await boss.createQueue(QUEUES.deadLetters);
  await boss.createQueue(QUEUES.day, { ...retries, deadLetter: QUEUES.deadLetters });
  await boss.createQueue(QUEUES.batch, { ...retries, deadLetter: QUEUES.deadLetters });
  await boss.work<{ through?: string }>(QUEUES.day, async ([job]) => {
    const now = options.now?.() ?? new Date();
    const date = job?.data?.through ?? lastDueDay(now, options.at);
    const refs = await portfoliosToValue(options.db, { through: date });
    for (let start = 0; start < refs.length; start += BATCH) {
      const portfolioIds = refs.slice(start, start + BATCH).map((ref) => ref.portfolioId);
      await boss.send(
        QUEUES.batch,
        { through: date, portfolioIds },
        { singletonKey: `${date}:${portfolioIds[0]}` },
      );
    }
    options.log.info({ through: date, portfolios: refs.length }, 'valuation day planned');
  });
  await boss.work<{ through: string; portfolioIds: string[] }>(
    QUEUES.batch,
    { localConcurrency: 1 },
    async ([job]) => {
      if (!job) return;
      const summary = await valueThrough(
        options.db,
        options.engines,
        options.stores,
        job.data.through,
        {
          portfolioIds: job.data.portfolioIds,
          concurrency: options.concurrency,
        },
      );
      logSummary(options.log, summary);
      if (summary.failures.length > 0) {
        // Failing the job hands it to pg-boss's retries; days already valued are skipped then.
        throw new Error(
          `${summary.failures.length} of ${job.data.portfolioIds.length} portfolios could not be valued through ${job.data.through}`,
        );
      }
    },
  );
  await boss.schedule(QUEUES.day, options.cron, null, { tz: 'UTC' });
  // Catch up at once on days missed while nothing ran.
  await boss.send(QUEUES.day, null, {
    singletonKey: `catch-up:${lastDueDay(options.now?.() ?? new Date(), options.at)}`,
  });
}
