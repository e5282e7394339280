import { z } from 'zod';

/**
 * One provider API route (product §7) as a plain object. Three consumers read the same object: the
 * api registers a Fastify handler from it, the web's `request(route, input)` builds the call from
 * it, and `buildOpenApiDocument` describes it. So a route holds data only, never behaviour.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the request body travels: JSON, or `multipart/form-data` for file uploads (KYC documents).
 */
export type BodyKind = 'json' | 'multipart';

/** Params and query are always objects: each key becomes one path or query parameter. */
export type ObjectSchema = z.ZodObject<z.core.$ZodShape, z.core.$ZodObjectConfig>;

/** A response whose body is raw bytes (the firm logo, a statement PDF) rather than JSON. */
export type BinaryResponse<C extends readonly string[] = readonly string[]> = {
  readonly kind: 'binary';
  readonly contentTypes: C;
};

/** A response without a body, such as 204 after a delete. */
export type EmptyResponse = { readonly kind: 'empty' };

export type ResponseSpec = z.ZodType | BinaryResponse | EmptyResponse;

export type RouteDefinition = {
  /** Becomes the OpenAPI operationId and names the route in errors, so it is camelCase. */
  readonly id: string;
  readonly method: HttpMethod;
  /** As product §7 writes it, placeholders in braces: `/portfolios/{id}/actions/{action_id}`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** One key per `{placeholder}` in the path, no more and no fewer. */
  readonly params?: ObjectSchema;
  readonly query?: ObjectSchema;
  readonly body?: z.ZodType;
  /** Defaults to `'json'`. */
  readonly bodyKind?: BodyKind;
  readonly responses: { readonly [status: number]: ResponseSpec };
  /** Defaults to true: the call needs `Authorization: Bearer <session_jwt>`. */
  readonly auth?: boolean;
  /**
   * The call creates something and takes an `Idempotency-Key` header: a retry with the same key
   * answers what the first call made (decision 029).
   */
  readonly idempotent?: boolean;
};

/** A route as `defineRoute` returns it: the definition, with its defaults filled in. */
export type Route<D extends RouteDefinition = RouteDefinition> = D & {
  readonly bodyKind: BodyKind;
  readonly auth: boolean;
};

export type AnyRoute = Route<RouteDefinition>;

// Status codes a caller treats as success; the first one a route declares is its answer.
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type ParamsPart<R, Io extends 'input' | 'output'> = R extends {
  readonly params: infer P extends ObjectSchema;
}
  ? { params: Io extends 'input' ? z.input<P> : z.output<P> }
  : unknown;

type QueryPart<R, Io extends 'input' | 'output'> = R extends {
  readonly query: infer Q extends ObjectSchema;
}
  ? Io extends 'input'
    ? // A query whose keys are all optional may be left out entirely.
      Record<string, never> extends z.input<Q>
      ? { query?: z.input<Q> }
      : { query: z.input<Q> }
    : { query: z.output<Q> }
  : unknown;

type BodyPart<R, Io extends 'input' | 'output'> = R extends {
  readonly body: infer B extends z.ZodType;
}
  ? Io extends 'input'
    ? undefined extends z.input<B>
      ? { body?: z.input<B> }
      : { body: z.input<B> }
    : { body: z.output<B> }
  : unknown;

/**
 * What a caller passes for a route (`z.input` of params, query and body): the web client's view.
 */
export type RouteInput<R extends AnyRoute> = Simplify<
  ParamsPart<R, 'input'> & QueryPart<R, 'input'> & BodyPart<R, 'input'>
>;

/**
 * What a handler receives once the schemas have parsed the request (`z.output`): the api's view.
 */
export type RouteParsedInput<R extends AnyRoute> = Simplify<
  ParamsPart<R, 'output'> & QueryPart<R, 'output'> & BodyPart<R, 'output'>
>;

/** The body type a response spec describes on the wire: JSON output, bytes, or nothing. */
export type ResponseBody<S> = S extends BinaryResponse
  ? Blob
  : S extends EmptyResponse
    ? undefined
    : S extends z.ZodType
      ? z.output<S>
      : never;

/** The body of a route's success (2xx) response. */
export type RouteResponse<R extends AnyRoute> = ResponseBody<
  R['responses'][Extract<keyof R['responses'], SuccessStatus>]
>;

/** The body of one declared status, for handlers that answer an error status themselves. */
export type RouteResponseFor<
  R extends AnyRoute,
  S extends keyof R['responses'] & number,
> = ResponseBody<R['responses'][S]>;

/** The arguments `buildPath` takes after the route: the params, when the path has placeholders. */
export type PathArgs<R extends AnyRoute> = R extends {
  readonly params: infer P extends ObjectSchema;
}
  ? [params: z.input<P>]
  : [params?: Record<string, never>];

const ROUTE_ID = /^[a-z][A-Za-z0-9]*$/;
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
// A path is slash-separated segments of URL-safe characters and whole `{name}` placeholders.
const PATH_SHAPE = /^(\/([A-Za-z0-9._~-]|\{[A-Za-z_][A-Za-z0-9_]*\})+)+$/;

/**
 * Declares a route. Generic over the whole definition (a `const` type parameter), so consumers see
 * the exact method, path and schemas, and `RouteInput` / `RouteResponse` can infer the wire types.
 * Throws when the definition contradicts itself, so a broken route table fails as soon as it loads.
 */
export function defineRoute<const D extends RouteDefinition>(definition: D): Route<D> {
  const where = `Route ${definition.id} (${definition.method} ${definition.path})`;
  if (!ROUTE_ID.test(definition.id)) {
    throw new Error(`${where}: the id must be camelCase letters and digits.`);
  }
  if (!PATH_SHAPE.test(definition.path)) {
    throw new Error(
      `${where}: the path must start with "/", have no empty or trailing segments, and write parameters as {name}.`,
    );
  }
  const placeholders = extractPathParams(definition.path);
  if (new Set(placeholders).size !== placeholders.length) {
    throw new Error(`${where}: a path parameter appears twice.`);
  }
  const paramKeys = definition.params ? Object.keys(definition.params.shape) : [];
  const missing = placeholders.filter((name) => !paramKeys.includes(name));
  const extra = paramKeys.filter((name) => !placeholders.includes(name));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `${where}: params must have exactly the path's placeholders` +
        (missing.length > 0 ? `; missing ${missing.join(', ')}` : '') +
        (extra.length > 0 ? `; not in the path: ${extra.join(', ')}` : '') +
        '.',
    );
  }
  if (definition.body !== undefined && definition.method === 'GET') {
    throw new Error(`${where}: a GET request carries no body.`);
  }
  if (definition.bodyKind !== undefined && definition.body === undefined) {
    throw new Error(`${where}: bodyKind is set but there is no body.`);
  }
  const statuses = Object.keys(definition.responses).map(Number);
  if (!statuses.some((status) => status >= 200 && status < 300)) {
    throw new Error(`${where}: declare at least one 2xx response.`);
  }
  for (const status of statuses) {
    if (!Number.isInteger(status) || status < 100 || status > 599) {
      throw new Error(`${where}: ${status} is not an HTTP status code.`);
    }
  }
  return Object.freeze({
    ...definition,
    bodyKind: definition.bodyKind ?? 'json',
    auth: definition.auth ?? true,
  });
}

/** Declares a binary response, e.g. `binary(['image/png', 'image/svg+xml'])` for the firm logo. */
export function binary<const C extends readonly [string, ...string[]]>(
  contentTypes: C,
): BinaryResponse<C> {
  return Object.freeze({ kind: 'binary', contentTypes });
}

/** Declares a response without a body (204 No Content). */
export const noContent: EmptyResponse = Object.freeze({ kind: 'empty' });

export function isBinaryResponse(spec: ResponseSpec): spec is BinaryResponse {
  return !(spec instanceof z.ZodType) && spec.kind === 'binary';
}

export function isEmptyResponse(spec: ResponseSpec): spec is EmptyResponse {
  return !(spec instanceof z.ZodType) && spec.kind === 'empty';
}

/**
 * The placeholder names of a path, in order: `/portfolios/{id}/actions/{action_id}` → id,
 * action_id.
 */
export function extractPathParams(path: string): string[] {
  return Array.from(path.matchAll(PLACEHOLDER), (match) => match[1] as string);
}

/** Fastify writes path parameters as `:name`: `/portfolios/{id}` → `/portfolios/:id`. */
export function routePathToFastify(path: string): string {
  return path.replace(PLACEHOLDER, ':$1');
}

/**
 * The route's path with each placeholder replaced by its URI-encoded value. Throws when a value is
 * missing or empty, and for `.` and `..`, which a URL parser would resolve as directory steps and
 * so send the request to a different route.
 */
export function buildPath<R extends AnyRoute>(route: R, ...args: PathArgs<R>): string {
  const params: Record<string, unknown> = args[0] ?? {};
  return route.path.replace(PLACEHOLDER, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Route ${route.id}: path parameter "${name}" is missing.`);
    }
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') {
      throw new TypeError(
        `Route ${route.id}: path parameter "${name}" must be a string or a number.`,
      );
    }
    const text = String(value);
    if (text === '.' || text === '..') {
      throw new Error(`Route ${route.id}: path parameter "${name}" cannot be "${text}".`);
    }
    return encodeURIComponent(text);
  });
}
