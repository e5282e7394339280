/**
 * Simulation and comparer runs, stored once per firm by the hash of their canonical request.
 * The engine's workers take QUEUED runs and leave DONE (with a result) or FAILED (with a reason).
 */
import { type Db, schema } from '@ballast/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../app-error.ts';
import { type RunKind, runHash } from './canonical-hash.ts';

const { simulationRuns } = schema;

export type StoredRun = { timeWindow: string | null; hash: string; result: unknown | null };

type SubmitOptions = {
  /**
   * Whether asking again runs a failed run again. An advisor who resubmits wants another try
   * (the failure may have been the engine's); the build form, which asks for the default run
   * on every visit, must not start it over and over, and shows a failed one as still pending.
   */
  retryFailed: boolean;
  /** The market data version the run computes on (see runHash). */
  market: string;
};

/** Stores a run per window unless the firm already asked for it; answers what is known of each. */
export async function submitRuns(
  db: Db,
  firmId: string,
  kind: RunKind,
  request: unknown,
  timeWindows: readonly string[],
  { retryFailed, market }: SubmitOptions,
): Promise<StoredRun[]> {
  const hashes = timeWindows.map((window) => runHash(kind, request, window, market));
  const insert = db.insert(simulationRuns).values(
    timeWindows.map((window, index) => ({
      firmId,
      hash: hashes[index] as string,
      kind,
      timeWindow: window,
      request,
      status: 'QUEUED' as const,
    })),
  );
  if (retryFailed) {
    await insert.onConflictDoUpdate({
      target: [simulationRuns.firmId, simulationRuns.hash],
      set: { status: 'QUEUED', failure: null, result: null, completedAt: null },
      setWhere: eq(simulationRuns.status, 'FAILED'),
    });
  } else {
    await insert.onConflictDoNothing();
  }
  return readRuns(db, firmId, kind, hashes, { failedAsPending: !retryFailed });
}

/**
 * The runs asked for, in the order asked. A hash the firm never submitted (or submitted as the
 * other kind) is not found, so another firm's runs stay invisible.
 *
 * A run that failed answers 409 request_conflict with the reason as detail: the hash is known,
 * but the result it names will not come, and product §8 keeps client errors for such states of a
 * resource. It is not a 400, since nothing in the request being read is wrong.
 */
export async function readRuns(
  db: Db,
  firmId: string,
  kind: RunKind,
  hashes: readonly string[],
  { failedAsPending = false } = {},
): Promise<StoredRun[]> {
  const rows = await db
    .select({
      hash: simulationRuns.hash,
      timeWindow: simulationRuns.timeWindow,
      status: simulationRuns.status,
      result: simulationRuns.result,
      failure: simulationRuns.failure,
    })
    .from(simulationRuns)
    .where(
      and(
        eq(simulationRuns.firmId, firmId),
        eq(simulationRuns.kind, kind),
        inArray(simulationRuns.hash, [...new Set(hashes)]),
      ),
    );
  const byHash = new Map(rows.map((row) => [row.hash, row]));
  return hashes.map((hash) => {
    const row = byHash.get(hash);
    if (!row) throw new AppError('not_found', `No ${runNoun(kind)} has the hash ${hash}.`);
    if (row.status === 'FAILED' && !failedAsPending) {
      throw new AppError(
        'request_conflict',
        `The ${runNoun(kind)} ${hash} failed: ${row.failure ?? 'no reason was recorded.'}`,
      );
    }
    // Only a finished run has a result to show; anything written before DONE is not one yet.
    return {
      timeWindow: row.timeWindow,
      hash: row.hash,
      result: row.status === 'DONE' ? (row.result ?? null) : null,
    };
  });
}

function runNoun(kind: RunKind): string {
  return kind === 'SIMULATION' ? 'simulation' : 'comparison';
}
