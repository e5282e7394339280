import { type Db, schema } from '@ballast/db';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';

const { apiRateCounters } = schema;

type Counted = { current: number; ttl: number };

/**
 * Counts one call against `key` in a fixed window of `windowMs` that starts with the window's
 * first call: the count so far, and the milliseconds until the window ends.
 */
async function countCall(db: Db, key: string, windowMs: number): Promise<Counted> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  // In the update both read the row as it was, so they agree on whether its window has passed.
  const passed = sql`${apiRateCounters.windowStart} <= now() - ${window}`;
  const [row] = await db
    .insert(apiRateCounters)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: apiRateCounters.key,
      set: {
        count: sql`case when ${passed} then 1 else ${apiRateCounters.count} + 1 end`,
        windowStart: sql`case when ${passed} then now() else ${apiRateCounters.windowStart} end`,
      },
    })
    .returning({
      current: apiRateCounters.count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from ${apiRateCounters.windowStart} + ${window} - now()) * 1000))::int`,
    });
  return row ?? { current: 1, ttl: windowMs };
}

/**
 * The method and path a route's store counts under. The plugin hands `child` its rate-limit
 * options with the route's own under `routeInfo` (its README), though its types name the route's
 * options; so the value is read for what it is.
 */
function routeOf(options: object): string {
  const route: unknown = Reflect.get(options, 'routeInfo');
  if (typeof route !== 'object' || route === null) return '';
  const url: unknown = Reflect.get(route, 'url');
  const method: unknown = Reflect.get(route, 'method');
  return typeof url === 'string' ? `${[method].flat().join(',')} ${url}` : '';
}

/**
 * A store for `@fastify/rate-limit` that counts in the database (decision 033): every server of
 * one database refuses the same person's call past the limit, where the plugin's own store would
 * let each server count its own. Each route counts on its own, under its method and path.
 */
export function rateCounterStore(db: Db): FastifyRateLimitStoreCtor {
  class RateCounterStore implements FastifyRateLimitStore {
    readonly #route: string;

    constructor(options: object) {
      this.#route = routeOf(options);
    }

    incr(key: string, done: (error: Error | null, result?: Counted) => void, windowMs: number) {
      countCall(db, `${this.#route}:${key}`, windowMs).then(
        (counted) => done(null, counted),
        (error: Error) => done(error),
      );
    }

    child(options: object): FastifyRateLimitStore {
      return new RateCounterStore(options);
    }
  }
  return RateCounterStore;
}
