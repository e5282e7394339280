import { countInWindow, type Db, schema } from '@ballast/db';
import { eq, sql } from 'drizzle-orm';
import { TooManyRequestsError } from './identity-error.ts';

const { identityRateCounters } = schema;

/**
 * Fixed-window counters in the database, so every process of the service shares them. A window
 * that has passed starts again at one.
 */
export type RateLimiter = {
  /**
   * Counts one request against `key`; over `limit` in `windowSeconds` it answers 429, saying
   * when the window ends.
   */
  hit(key: string, limit: number, windowSeconds: number): Promise<void>;
  /** Counts a failed sign-in; at `failures` the key is locked for `lockMinutes`. */
  recordFailure(key: string, failures: number, lockMinutes: number): Promise<void>;
  /** The failures counted against `key`, if any, and whether they have locked it. */
  failuresOf(key: string): Promise<{ locked: boolean } | undefined>;
  clear(key: string): Promise<void>;
};

export function createRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const { count, msLeft } = await countInWindow(
        db,
        identityRateCounters,
        `rate:${key}`,
        windowSeconds * 1000,
      );
      if (count > limit) throw new TooManyRequestsError(Math.ceil(msLeft / 1000));
    },
    async recordFailure(key, failures, lockMinutes) {
      // The failure window is the lock's length: ten misses spread over a day do not lock.
      const { count } = await countInWindow(
        db,
        identityRateCounters,
        `fail:${key}`,
        lockMinutes * 60_000,
      );
      if (count >= failures) {
        await db
          .update(identityRateCounters)
          .set({ lockedUntil: sql`now() + make_interval(mins => ${lockMinutes})` })
          .where(eq(identityRateCounters.key, `fail:${key}`));
      }
    },
    async failuresOf(key) {
      const [row] = await db
        .select({ lockedUntil: identityRateCounters.lockedUntil })
        .from(identityRateCounters)
        .where(eq(identityRateCounters.key, `fail:${key}`));
      if (!row) return undefined;
      return { locked: Boolean(row.lockedUntil && row.lockedUntil.getTime() > Date.now()) };
    },
    async clear(key) {
      await db.delete(identityRateCounters).where(eq(identityRateCounters.key, `fail:${key}`));
    },
  };
}
