/**
 * Runs queued simulations and comparisons on the engine's thread pool inside this process (the
 * single-process default of docs/architecture.md "Architecture"), and stores what comes back.
 */
import type {
  BondStrategy,
  ComparerStrategy,
  StrategyInput,
  TaxData,
  TokenStrategy,
} from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { createEnginePool, type EnginePool, type MarketSource } from '@ballast/engine/node';
import { and, eq, lt, or, sql } from 'drizzle-orm';

const { simulationRuns } = schema;

export type SimulationRunner = {
  /** Looks for queued runs now; called whenever a run is queued. */
  wake(): void;
  close(): Promise<void>;
};

export type RunnerOptions = {
  /** Engine threads; the pool starts with the first run, so an idle api holds no market. */
  threads: number;
  /** The bundled market unless a firm's own files are given. */
  market?: MarketSource;
};

type ClaimedRun = {
  claimedAt: Date | null;
  firmId: string;
  hash: string;
  kind: string;
  timeWindow: string | null;
  request: unknown;
};

/** What an advisor reads when the engine itself failed; the cause goes to the log only. */
const ENGINE_FAULT = 'The engine could not finish this run. Try again, or tell support.';
/**
 * How long a claim lasts: a run still RUNNING this long after it was taken belongs to a process
 * that stopped (a simulation takes well under a second, a comparison a few).
 */
const LEASE_MINUTES = 10;
const NO_CELL = 'No duration placement and liquidity can be met with these assets and tax data.';

export function createSimulationRunner(
  db: Db,
  options: RunnerOptions,
  log: { error(details: object, message: string): void },
): SimulationRunner {
  let pool: Promise<EnginePool> | undefined;
  let draining: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const enginePool = () => {
    pool ??= createEnginePool({
      size: options.threads,
      ...(options.market ? { market: options.market } : {}),
    });
    return pool;
  };

  /**
   * Claims the oldest runs waiting, up to one per thread, in one statement: queued runs, and
   * runs whose claim has lapsed because the process that took them stopped. Rows another
   * process is claiming are skipped, so no two processes take the same run.
   */
  async function claim(limit: number): Promise<ClaimedRun[]> {
    const lapsed = sql`now() - make_interval(mins => ${LEASE_MINUTES})`;
    const oldest = db
      .select({ firmId: simulationRuns.firmId, hash: simulationRuns.hash })
      .from(simulationRuns)
      .where(
        or(
          eq(simulationRuns.status, 'QUEUED'),
          and(eq(simulationRuns.status, 'RUNNING'), lt(simulationRuns.claimedAt, lapsed)),
        ),
      )
      .orderBy(simulationRuns.createdAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return (
      db
        .update(simulationRuns)
        // Milliseconds, as a JavaScript Date carries them, so the claim compares equal on return.
        .set({ status: 'RUNNING', claimedAt: sql`date_trunc('milliseconds', now())` })
        .where(sql`(${simulationRuns.firmId}, ${simulationRuns.hash}) in (${oldest})`)
        .returning({
          firmId: simulationRuns.firmId,
          hash: simulationRuns.hash,
          kind: simulationRuns.kind,
          timeWindow: simulationRuns.timeWindow,
          request: simulationRuns.request,
          claimedAt: simulationRuns.claimedAt,
        })
    );
  }

  async function finish(run: ClaimedRun, outcome: { result: unknown } | { failure: string }) {
    await db
      .update(simulationRuns)
      .set(
        'result' in outcome
          ? { status: 'DONE', result: outcome.result, failure: null, completedAt: new Date() }
          : { status: 'FAILED', result: null, failure: outcome.failure, completedAt: new Date() },
      )
      .where(
        // Only the current claim writes: a process whose lease lapsed and was taken over
        // finds its run claimed again and leaves it to the newer claim.
        and(
          eq(simulationRuns.firmId, run.firmId),
          eq(simulationRuns.hash, run.hash),
          eq(simulationRuns.status, 'RUNNING'),
          run.claimedAt ? eq(simulationRuns.claimedAt, run.claimedAt) : undefined,
        ),
      );
  }

  async function execute(run: ClaimedRun): Promise<{ result: unknown } | { failure: string }> {
    if (run.kind === 'COMPARER') {
      const cells = await (await enginePool()).runComparer(run.request as ComparerStrategy);
      return cells.length > 0 ? { result: cells } : { failure: NO_CELL };
    }
    const input = run.request as StrategyInput;
    if (input.style !== 'B') {
      const simulation = await (await enginePool()).run({
        kind: 'token-simulation',
        input: { strategy: input.strategy as TokenStrategy, tax_data: input.tax_data as TaxData },
        timeWindow: 'today',
      });
      return simulation.ok ? { result: simulation.value } : { failure: simulation.reason };
    }
    const simulation = await (await enginePool()).run({
      kind: 'bond-simulation',
      input: { strategy: input.strategy as BondStrategy, tax_data: input.tax_data as TaxData },
      timeWindow: 'today',
    });
    if (!simulation.ok) return { failure: simulation.reason };
    // The bond result, with the same portfolio's history under `backtest` (decision 012).
    return { result: { ...simulation.value.bond, backtest: simulation.value.general } };
  }

  async function runOne(run: ClaimedRun) {
    let outcome: { result: unknown } | { failure: string };
    try {
      outcome = await execute(run);
    } catch (error) {
      log.error({ hash: run.hash, kind: run.kind, err: error }, 'simulation run failed');
      outcome = { failure: ENGINE_FAULT };
    }
    await finish(run, outcome);
  }

  async function drain() {
    do {
      again = false;
      for (;;) {
        if (closed) return;
        const runs = await claim(Math.max(1, options.threads));
        if (runs.length === 0) break;
        await Promise.all(runs.map(runOne));
      }
    } while (again && !closed);
  }

  function wake() {
    if (closed) return;
    if (draining) {
      again = true;
      return;
    }
    draining = drain()
      .catch((error: unknown) => log.error({ err: error }, 'simulation runner stopped'))
      .finally(() => {
        draining = undefined;
        if (again) wake();
      });
  }

  return {
    wake,
    async close() {
      closed = true;
      await draining;
      if (pool) await (await pool).close();
    },
  };
}
