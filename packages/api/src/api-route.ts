import {
  type AnyRoute,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_INVALID,
  IdempotencyKeySchema,
  NON_FIELD_ERRORS,
  NOT_FOUND_DETAIL,
  routePathToFastify,
  type SignInBounds,
  toAttr,
  toValidationErrorResponse,
} from '@ballast/contract';
import type { BlobStore, Db, SecretBox } from '@ballast/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AdvisorAccess } from './administration/advisor-access.ts';
import { AppError, RequestValidationError } from './app-error.ts';
import { authenticate, type Caller, type CallerCache } from './auth/authenticate.ts';
import type { SessionVerifier } from './auth/session-verifier.ts';
import type { SimulationRunner } from './simulations/simulation-runner.ts';
import type { ValuationTime } from './valuation/due-day.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export type ApiCall<R extends AnyRoute> = {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
  caller: Caller;
  /** The request's `Idempotency-Key`, on the routes that take one (decision 029). */
  idempotencyKey: string | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type ApiContext = {
  db: Db;
  verify: SessionVerifier;
  /** Seals the columns that hold personal data (owners' tax ids and dates of birth). */
  box: SecretBox;
  /** The bytes of uploaded and generated documents. */
  blobs: BlobStore;
  callers: CallerCache;
  simulations: Simulations;
  access: AdvisorAccess;
  /** What the installation allows a firm's sign-in policy (decision 023). */
  signIn: SignInBounds;
  /** When the daily valuation runs (decision 024). */
  valuationTime: ValuationTime;
};

/** Where simulation runs are computed, and on which market data (see runHash). */
export type Simulations = {
  market: string;
  /** This process's own engine threads; absent when other processes compute the runs. */
  runner?: SimulationRunner;
};

/**
 * Registers one route of the contract's table: the caller is authenticated, params, query and
 * body are parsed with the route's own schemas (a failed body or query is a validation_error; a
 * malformed id in the path is simply not found), and the handler gets them typed.
 */
export function apiRoute<R extends AnyRoute>(
  app: FastifyInstance,
  context: ApiContext,
  route: R,
  handler: (call: ApiCall<R>) => Promise<unknown>,
  options: { config?: Record<string, unknown> } = {},
): void {
  app.route({
    method: route.method,
    url: routePathToFastify(route.path),
    ...(options.config ? { config: options.config } : {}),
    handler: async (request, reply) => {
      const caller = await authenticate(request, context.db, context.verify, context.callers);
      const params = route.params ? route.params.safeParse(request.params) : undefined;
      if (params && !params.success) throw new AppError('not_found', NOT_FOUND_DETAIL);
      const query = route.query ? parseOrFail(route.query, request.query) : undefined;
      // A multipart body is a stream of parts; its handler reads and checks them itself.
      const body =
        route.body && route.bodyKind !== 'multipart'
          ? parseOrFail(route.body, request.body)
          : undefined;
      return handler({
        params: params?.data,
        query,
        body,
        caller,
        idempotencyKey: route.idempotent ? idempotencyKeyOf(request) : undefined,
        request,
        reply,
      } as ApiCall<R>);
    },
  });
}

/** The key a client sent, checked; a malformed one is refused rather than ignored. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const sent = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (sent === undefined) return undefined;
  if (!IdempotencyKeySchema.safeParse(sent).success) {
    throw new RequestValidationError({
      type: 'validation_error',
      errors: [{ code: 'invalid', detail: IDEMPOTENCY_KEY_INVALID, attr: NON_FIELD_ERRORS }],
    });
  }
  return sent as string;
}

/** Parses what was sent, or fails with product §8 items judged against that very input. */
export function parseOrFail<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const withNul = pathsWithNul(input);
  if (withNul.length > 0) {
    throw new RequestValidationError({
      type: 'validation_error',
      errors: withNul.map((path) => ({
        code: 'null_characters_not_allowed',
        detail: 'Null characters are not allowed.',
        attr: toAttr(path),
      })),
    });
  }
  const result = schema.safeParse(input);
  if (!result.success)
    throw new RequestValidationError(toValidationErrorResponse(result.error, { input }));
  return result.data;
}

/**
 * PostgreSQL text cannot hold U+0000, so a string carrying one would fail deep in the database;
 * it is refused up front, at the field that carries it (product §8 null_characters_not_allowed).
 */
function pathsWithNul(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path] : [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => pathsWithNul(item, [...path, index]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => pathsWithNul(item, [...path, key]));
  }
  return [];
}
