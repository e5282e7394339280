import { countInWindow, type Db, schema } from '@ballast/db';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

const { apiRateCounters } = schema;

type Counted = { current: number; ttl: number };

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
      countInWindow(db, apiRateCounters, `${this.#route}:${key}`, windowMs).then(
        ({ count, msLeft }) => done(null, { current: count, ttl: msLeft }),
        (error: Error) => done(error),
      );
    }

    child(options: object): FastifyRateLimitStore {
      return new RateCounterStore(options);
    }
  }
  return RateCounterStore;
}
