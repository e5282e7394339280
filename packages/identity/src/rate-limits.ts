import { type Db, schema } from '@ballast/db';
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
  /** The key's count in its window, and the seconds until that window ends. */
  async function increment(
    key: string,
    windowSeconds: number,
  ): Promise<{ count: number; secondsLeft: number }> {
    const window = sql`make_interval(secs => ${windowSeconds})`;
    const [row] = await db
      .insert(identityRateCounters)
      .values({ key, windowStart: sql`now()`, count: 1 })
      .onConflictDoUpdate({
        target: identityRateCounters.key,
        set: {
          count: sql`case when ${identityRateCounters.windowStart} < now() - ${window} then 1 else ${identityRateCounters.count} + 1 end`,
          windowStart: sql`case when ${identityRateCounters.windowStart} < now() - ${window} then now() else ${identityRateCounters.windowStart} end`,
        },
      })
      .returning({
        count: identityRateCounters.count,
        secondsLeft: sql<number>`ceil(extract(epoch from ${identityRateCounters.windowStart} + ${window} - now()))::int`,
      });
    return { count: row?.count ?? 1, secondsLeft: row?.secondsLeft ?? windowSeconds };
  }

  return {
    async hit(key, limit, windowSeconds) {
      const { count, secondsLeft } = await increment(`rate:${key}`, windowSeconds);
      if (count > limit) throw new TooManyRequestsError(secondsLeft);
    },
    async recordFailure(key, failures, lockMinutes) {
      // The failure window is the lock's length: ten misses spread over a day do not lock.
      const { count } = await increment(`fail:${key}`, lockMinutes * 60);
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
