/**
 * Simulation and comparer runs, stored once per firm by the hash of their canonical request.
 * The engine's workers take QUEUED runs and leave DONE (with a result) or FAILED (with a reason).
 */
import { type Db, schema } from '@ballast/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError, RequestValidationError } from '../app-error.ts';
import { type RunKind, runHash } from './canonical-hash.ts';

const { simulationRuns } = schema;

/** A form that merely shows a default result treats a failed run as one without a result. */
type ReadOptions = { failedAsPending?: boolean };

export type StoredRun = { timeWindow: string | null; hash: string; result: unknown | null };

/** Stores a run per window unless the firm already asked for it; answers what is known of each. */
export async function submitRuns(
  db: Db,
  firmId: string,
  kind: RunKind,
  request: unknown,
  timeWindows: readonly string[],
  options: ReadOptions = {},
): Promise<StoredRun[]> {
  const hashes = timeWindows.map((window) => runHash(kind, request, window));
  await db
    .insert(simulationRuns)
    .values(
      timeWindows.map((window, index) => ({
        firmId,
        hash: hashes[index] as string,
        kind,
        timeWindow: window,
        request,
        status: 'QUEUED' as const,
      })),
    )
    .onConflictDoNothing();
  return readRuns(db, firmId, kind, hashes, options);
}

/**
 * The runs asked for, in the order asked. A hash the firm never submitted is not found; a run
 * that failed answers its reason, so the screen can say why instead of waiting forever.
 */
export async function readRuns(
  db: Db,
  firmId: string,
  kind: RunKind,
  hashes: readonly string[],
  options: ReadOptions = {},
): Promise<StoredRun[]> {
  const rows = await db
    .select()
    .from(simulationRuns)
    .where(
      and(
        eq(simulationRuns.firmId, firmId),
        eq(simulationRuns.kind, kind),
        inArray(simulationRuns.hash, [...hashes]),
      ),
    );
  return hashes.map((hash, index) => {
    const row = rows.find((candidate) => candidate.hash === hash);
    if (!row) throw new AppError('not_found', `No ${kind.toLowerCase()} run has the hash ${hash}.`);
    if (row.status === 'FAILED' && !options.failedAsPending) {
      throw new RequestValidationError({
        type: 'validation_error',
        errors: [
          {
            code: 'invalid',
            detail: `The ${kind === 'SIMULATION' ? 'simulation' : 'comparison'} failed: ${row.failure ?? 'no reason was recorded'}`,
            attr: hashes.length > 1 ? `simulation-hash.${index}` : 'simulation-hash',
          },
        ],
      });
    }
    return { timeWindow: row.timeWindow, hash: row.hash, result: row.result ?? null };
  });
}
