import { sql } from 'drizzle-orm';
import type { Db } from './connect.ts';
import type { apiRateCounters } from './schema/api-rate-counters.ts';
import type { identityRateCounters } from './schema/identity.ts';

/** A table of fixed-window counters: one row a key, its window's start and its count. */
type CounterTable = typeof identityRateCounters | typeof apiRateCounters;

/**
 * Counts one more against `key` in a fixed window of `windowMs` that starts with its first count
 * (a window that has passed starts again at one), in one statement, so every process of one
 * database counts together: the count so far and the milliseconds until the window ends.
 */
export async function countInWindow(
  db: Db,
  table: CounterTable,
  key: string,
  windowMs: number,
): Promise<{ count: number; msLeft: number }> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  // In the update both read the row as it was, so they agree on whether its window has passed.
  const passed = sql`${table.windowStart} < now() - ${window}`;
  const [row] = await db
    .insert(table)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: table.key,
      set: {
        count: sql`case when ${passed} then 1 else ${table.count} + 1 end`,
        windowStart: sql`case when ${passed} then now() else ${table.windowStart} end`,
      },
    })
    .returning({
      count: table.count,
      msLeft: sql<number>`greatest(0, ceil(extract(epoch from ${table.windowStart} + ${window} - now()) * 1000))::int`,
    });
  return row ?? { count: 1, msLeft: windowMs };
}
