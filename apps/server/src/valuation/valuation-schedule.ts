/**
 * When the daily valuation runs (decision 024). On a PostgreSQL server pg-boss keeps the
 * schedule, the retries with backoff and the dead letters, and splits a day's portfolios into
 * batches that any api or worker process takes. The embedded database belongs to one process,
 * which runs the same valuation on a timer of its own. Both catch up on start, so days missed
 * while the system was down are valued in order.
 */
import {
  type DocumentStores,
  lastDueDay,
  portfoliosToValue,
  runValuation,
  type ValuationSummary,
  type ValuationTime,
} from '@ballast/api';
import type { Db } from '@ballast/db';
import { formatIsoDate } from '@ballast/engine';
import type { ValuationEngines } from './valuation-engine.ts';

/** What the schedule logs through: pino's, or Fastify's which is pino's. */
export type ValuationLog = {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};

/**
 * What the run on start does beyond catching up on the days due (decision 035): a seed that
 * wrote a history and left it to the valuation names its last day, which may be today before
 * the run time; and whoever started the server may be told of each day the run values.
 */
export type CatchUp = {
  /** Values through this day too, though its run time may not have come yet. */
  through?: string;
  /** Told each business day once every portfolio due that day has been valued. */
  onDay?: (date: string, through: string) => void;
};

export type ValuationScheduleOptions = {
  db: Db;
  engines: ValuationEngines;
  stores: DocumentStores;
  log: ValuationLog;
  /** UTC hour and minute of the daily run, after the markets close. */
  at: ValuationTime;
  catchUp?: CatchUp;
  /**
   * The embedded database's vacuum and checkpoint (decision 036), after each day a run values
   * and after each run; a PostgreSQL server does its own.
   */
  maintain?: () => Promise<unknown>;
  now?: () => Date;
};

/** Minutes between attempts of a run that left failures, in turn; then the failures stand. */
const RETRY_MINUTES = [1, 5, 25] as const;

const DAY_MS = 86_400_000;

/** The day the run on start values through: the day due, or the catch-up's own if later. */
function catchUpDay(now: Date, at: ValuationTime, catchUp: CatchUp | undefined): string {
  const due = lastDueDay(now, at);
  return catchUp?.through && catchUp.through > due ? catchUp.through : due;
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
    /** Awaited after each day valued, before the next (see runValuation). */
    afterDay?: () => Promise<unknown>;
    /** Stops the run between two days (a shutdown); the next run goes on from there. */
    signal?: AbortSignal;
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
    {
      concurrency: scope.concurrency,
      stores,
      onDay: scope.onDay,
      afterDay: scope.afterDay,
      signal: scope.signal,
    },
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
  const stopping = new AbortController();

  const run = (attempt: number, catchUp?: CatchUp) => {
    running = running.then(async () => {
      if (stopping.signal.aborted) return;
      const date = catchUpDay(now(), options.at, catchUp);
      try {
        const summary = await valueThrough(options.db, options.engines, options.stores, date, {
          onDay: catchUp?.onDay,
          afterDay: options.maintain,
          signal: stopping.signal,
        });
        logSummary(options.log, summary);
        const delay = RETRY_MINUTES[attempt];
        if (summary.failures.length > 0 && delay !== undefined)
          schedule(delay * 60_000, attempt + 1);
        else scheduleNextDay();
      } catch (error) {
        options.log.error({ err: error }, 'valuation run could not start');
        scheduleNextDay();
      }
      // A run with no day to value still tidies up after the day's requests.
      if (stopping.signal.aborted) return;
      await options.maintain?.().catch((error: unknown) => {
        options.log.error({ err: error }, 'the embedded database could not be vacuumed');
      });
    });
  };
  const schedule = (ms: number, attempt: number) => {
    if (stopping.signal.aborted) return;
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
  run(0, options.catchUp);
  return {
    stop() {
      // A run in progress stops after the day it is valuing, so a shutdown does not wait for a
      // whole history; the next start goes on from there.
      stopping.abort();
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

/** A day to value; the cron's own jobs carry no data and value the day due when they run. */
type DayJob = { through?: string; isCatchUp?: boolean };
type BatchJob = { through: string; portfolioIds: string[]; isCatchUp?: boolean };

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
  await boss.work<DayJob | null>(QUEUES.day, async ([job]) => {
    const now = options.now?.() ?? new Date();
    const date = job?.data?.through ?? lastDueDay(now, options.at);
    const refs = await portfoliosToValue(options.db, { through: date });
    for (let start = 0; start < refs.length; start += BATCH) {
      const portfolioIds = refs.slice(start, start + BATCH).map((ref) => ref.portfolioId);
      const batch: BatchJob = { through: date, portfolioIds, isCatchUp: job?.data?.isCatchUp };
      await boss.send(QUEUES.batch, batch, { singletonKey: `${date}:${portfolioIds[0]}` });
    }
    options.log.info({ through: date, portfolios: refs.length }, 'valuation day planned');
  });
  await boss.work<BatchJob>(QUEUES.batch, { localConcurrency: 1 }, async ([job]) => {
    if (!job) return;
    const summary = await valueThrough(
      options.db,
      options.engines,
      options.stores,
      job.data.through,
      {
        portfolioIds: job.data.portfolioIds,
        concurrency: options.concurrency,
        // Whoever started this process hears of the days of the catch-up it takes.
        onDay: job.data.isCatchUp ? options.catchUp?.onDay : undefined,
        // Aborted when this process stops or the job's claim lapses: the batch stops after the
        // day in hand, and its retry goes on from there.
        signal: job.signal,
      },
    );
    logSummary(options.log, summary);
    if (job.signal.aborted) {
      throw new Error(`Stopped before valuing through ${job.data.through}`);
    }
    if (summary.failures.length > 0) {
      // Failing the job hands it to pg-boss's retries; days already valued are skipped then.
      throw new Error(
        `${summary.failures.length} of ${job.data.portfolioIds.length} portfolios could not be valued through ${job.data.through}`,
      );
    }
  });
  await boss.schedule(QUEUES.day, options.cron, null, { tz: 'UTC' });
  // Catch up at once on days missed while nothing ran.
  const through = catchUpDay(options.now?.() ?? new Date(), options.at, options.catchUp);
  const catchUp: DayJob = { through, isCatchUp: true };
  await boss.send(QUEUES.day, catchUp, { singletonKey: `catch-up:${through}` });
}
