import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own limit on its JSON body, in bytes, where JSON_BODY_LIMIT_BYTES is too small. */
    jsonBodyLimit?: number;
  }
}

const MINUTE_MS = 60_000;

/** A route's `config.rateLimit`: at most `max` calls a minute by one person. */
function perMinute(max: number) {
  return { max, timeWindow: MINUTE_MS } as const;
}

/**
 * How many calls a minute one person may make of the routes that cost the most; the next one
 * answers 429 `rate_limit_exceeded` with `Retry-After` (product §8, packages/api/README.md
 * "Limits").
 */
export const RATE_LIMITS = {
  // Build asks for a run 300 ms after the last change and keeps every strategy's result, so a
  // person at work asks for one every few seconds at most; each new strategy is engine time.
  simulation: perMinute(30),
  // A comparison builds the comparer's nine cells, each a construction like a simulation's:
  // a third of the simulations' rate is about as much engine time.
  comparer: perMinute(10),
  // Each upload is up to 10 MB held in memory and then stored. Onboarding uploads a few
  // documents an owner: twenty lets a folder of them go at once and bounds one person at
  // 200 MB a minute.
  upload: perMinute(20),
  // A client polling the list in a loop is slowed down (product §8 names this 429).
  custodianList: perMinute(60),
} as const;

/**
 * The largest JSON body an api call takes unless its route names another. The largest
 * legitimate ones measure: a portfolio's inputs with six owners, 500 excluded issuers and 30
 * KYC notes of 1,024 characters 69 KiB; a bond strategy with 500 excluded issuers 31 KiB.
 * Fastify's own default, 1 MiB, stays for the rest of the server.
 */
export const JSON_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * POST /portfolios/holdings replaces every token lot of a portfolio in one body: 2,000 lots with
 * the longest amounts measure 234 KiB, and this takes some 4,400 of them. It stays below what one
 * insert can write: the shortest lot is 68 bytes, so at most 7,700 lots of six parameters, under
 * PostgreSQL's 65,535.
 */
export const HOLDINGS_BODY_LIMIT_BYTES = 512 * 1024;

/**
 * Registers the limits above on the api: the per-person call limits that routes ask for in
 * `config.rateLimit`, and the JSON body limit of every route (`config.jsonBodyLimit` where a
 * route needs more). Multipart uploads are bounded by their own file limits, not by these.
 */
export async function registerRequestLimits(
  app: FastifyInstance,
  options: {
    /** Who is calling: the key every limit counts under. */
    callerKey(request: FastifyRequest): Promise<string>;
    /** Where the calls are counted, shared by every server of one database. */
    store: FastifyRateLimitStoreCtor;
  },
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: options.store,
    keyGenerator: options.callerKey,
    // The plugin adds `Retry-After`; the error handler writes the product §8 envelope.
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests of this kind: at most ${context.max} a minute. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= route.config?.jsonBodyLimit ?? JSON_BODY_LIMIT_BYTES;
  });
}

/** A byte count as the 413 answer names it: `256 KiB`, `2 MiB`. */
export function describeBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
