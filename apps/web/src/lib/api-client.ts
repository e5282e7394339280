import {
  type AnyRoute,
  buildPath,
  IDEMPOTENCY_KEY_HEADER,
  isBinaryResponse,
  isEmptyResponse,
  type PathArgs,
  type RouteInput,
  type RouteResponse,
} from '@ballast/contract';
import { ApiError, isErrorEnvelope } from './api-error.ts';

export type ApiClientOptions = {
  baseUrl: string;
  /** The current session JWT, or undefined when signed out. */
  getToken(): string | undefined;
  /** Renews the session and returns the fresh JWT, or undefined when it cannot be renewed. */
  renewToken(): Promise<string | undefined>;
};

type Input = { params?: unknown; query?: Record<string, unknown>; body?: unknown };

// A route whose inputs are all optional may be called without the second argument.
type RequestArgs<R extends AnyRoute> =
  Record<string, never> extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>];

export type ApiClient = {
  request<R extends AnyRoute>(route: R, ...args: RequestArgs<R>): Promise<RouteResponse<R>>;
};

/**
 * The web's one way to call the provider API: the route object from the contract gives method,
 * path, query, body kind and response kind. Every call carries the session's bearer token; on a
 * 401 the session is renewed and the call sent once more (product §7).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  async function send(
    route: AnyRoute,
    input: Input,
    token: string | undefined,
    idempotencyKey: string | undefined,
  ) {
    const path = buildPath(route, ...([input.params] as PathArgs<AnyRoute>));
    const url = new URL(`${options.baseUrl}${path}`);
    for (const [key, value] of Object.entries(input.query ?? {})) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined && item !== null) url.searchParams.append(key, String(item));
      }
    }
    const headers = new Headers({ accept: 'application/json' });
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
    let body: BodyInit | undefined;
    if (input.body !== undefined) {
      if (route.bodyKind === 'multipart') {
        body = toFormData(input.body as Record<string, unknown>);
      } else {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(input.body);
      }
    }
    return fetch(url, { method: route.method, headers, body });
  }

  return {
    async request(route, ...args) {
      const input = (args[0] ?? {}) as Input;
      // One key for the call and its resending, so a request the server took once is made once.
      const key = route.idempotent ? newIdempotencyKey() : undefined;
      let response = await send(route, input, options.getToken(), key);
      if (response.status === 401) {
        const renewed = await options.renewToken().catch(() => undefined);
        if (renewed) response = await send(route, input, renewed, key);
      }
      return readResponse(route, response);
    },
  } as ApiClient;
}

async function readResponse(route: AnyRoute, response: Response): Promise<unknown> {
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, isErrorEnvelope(body) ? body : null);
  }
  const spec = route.responses[response.status];
  if (spec && isEmptyResponse(spec)) return undefined;
  if (spec && isBinaryResponse(spec)) return response.blob();
  return response.json();
}

// crypto.randomUUID exists only in secure contexts; a server reached over plain http on the
// office network is not one, and getRandomValues works everywhere.
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(key, value);
    else if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}
