import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  binary,
  buildPath,
  defineRoute,
  extractPathParams,
  isBinaryResponse,
  isEmptyResponse,
  noContent,
  type RouteInput,
  type RouteParsedInput,
  type RouteResponse,
  type RouteResponseFor,
  routePathToFastify,
} from './define-route.ts';

const ErrorSchema = z.object({ type: z.string() });
const ActionSchema = z.object({ id: z.string(), state: z.enum(['PENDING', 'COMPLETED']) });

const getAction = defineRoute({
  id: 'getAction',
  method: 'GET',
  path: '/portfolios/{id}/actions/{action_id}',
  summary: 'One action of a portfolio',
  tags: ['actions'],
  params: z.object({ id: z.string(), action_id: z.string() }),
  responses: { 200: ActionSchema, 404: ErrorSchema },
});

const listActions = defineRoute({
  id: 'listActions',
  method: 'GET',
  path: '/portfolios/{id}/actions',
  summary: 'Actions of a portfolio',
  tags: ['actions'],
  params: z.object({ id: z.string() }),
  query: z.object({
    state: z.array(z.string()).optional(),
    limit: z.coerce.number().int().default(50),
  }),
  responses: { 200: z.array(ActionSchema) },
});

const submitResponse = defineRoute({
  id: 'submitActionResponse',
  method: 'PATCH',
  path: '/portfolios/{id}/actions/{action_id}/submit-response',
  summary: 'Answer an action that needs the advisor',
  tags: ['actions'],
  params: z.object({ id: z.string(), action_id: z.string() }),
  body: z.object({ action_type: z.string(), needs_action_payload: z.string().default('') }),
  responses: { 200: ActionSchema, 400: ErrorSchema },
});

const getLogo = defineRoute({
  id: 'getFirmLogo',
  method: 'GET',
  path: '/firms/{id}/logo',
  summary: 'The firm logo',
  tags: ['firms'],
  params: z.object({ id: z.string() }),
  responses: { 200: binary(['image/png', 'image/svg+xml']) },
  auth: false,
});

const deletePortfolio = defineRoute({
  id: 'deletePortfolio',
  method: 'DELETE',
  path: '/portfolios/{id}',
  summary: 'Delete an incomplete portfolio',
  tags: ['portfolios'],
  params: z.object({ id: z.string() }),
  responses: { 204: noContent, 409: ErrorSchema },
});

const listStyles = defineRoute({
  id: 'listStrategyStyles',
  method: 'GET',
  path: '/strategy-styles',
  summary: 'Strategy styles',
  tags: ['strategies'],
  responses: { 200: z.array(z.string()) },
});

describe('defineRoute', () => {
  it('keeps the definition and fills in the defaults', () => {
    expect(getAction.method).toBe('GET');
    expect(getAction.path).toBe('/portfolios/{id}/actions/{action_id}');
    expect(getAction.auth).toBe(true);
    expect(getAction.bodyKind).toBe('json');
    expect(getLogo.auth).toBe(false);
    expect(Object.isFrozen(getAction)).toBe(true);
  });

  it('keeps the literal types of the definition', () => {
    expectTypeOf(getAction.method).toEqualTypeOf<'GET'>();
    expectTypeOf(getAction.path).toEqualTypeOf<'/portfolios/{id}/actions/{action_id}'>();
    expectTypeOf(getAction.id).toEqualTypeOf<'getAction'>();
  });

  it('refuses params that do not match the path placeholders', () => {
    const base = {
      id: 'getThing',
      method: 'GET',
      path: '/things/{id}',
      summary: 's',
      tags: [],
      responses: { 200: z.string() },
    } as const;
    expect(() => defineRoute(base)).toThrow(/missing id/);
    expect(() => defineRoute({ ...base, params: z.object({ thing_id: z.string() }) })).toThrow(
      /missing id; not in the path: thing_id/,
    );
    expect(() => defineRoute({ ...base, params: z.object({ id: z.string() }) })).not.toThrow();
  });

  it('refuses malformed paths, ids and bodies', () => {
    const base = {
      id: 'listThings',
      method: 'GET',
      path: '/things',
      summary: 's',
      tags: [],
      responses: { 200: z.string() },
    } as const;
    for (const path of ['things', '/things/', '/things/:id', '/things//x', '/things/{id']) {
      expect(() => defineRoute({ ...base, path }), path).toThrow(/path/);
    }
    expect(() => defineRoute({ ...base, id: 'list-things' })).toThrow(/camelCase/);
    expect(() => defineRoute({ ...base, body: z.object({}) })).toThrow(
      /GET request carries no body/,
    );
    expect(() => defineRoute({ ...base, method: 'POST', bodyKind: 'multipart' })).toThrow(
      /no body/,
    );
    expect(() => defineRoute({ ...base, responses: { 404: z.string() } })).toThrow(/2xx/);
    expect(() =>
      defineRoute({
        ...base,
        path: '/things/{id}/{id}',
        params: z.object({ id: z.string() }),
      }),
    ).toThrow(/twice/);
  });
});

describe('response markers', () => {
  it('tells binary, empty and JSON responses apart', () => {
    const logo = getLogo.responses[200];
    expect(isBinaryResponse(logo)).toBe(true);
    expect(logo.contentTypes).toEqual(['image/png', 'image/svg+xml']);
    expect(isEmptyResponse(deletePortfolio.responses[204])).toBe(true);
    expect(isBinaryResponse(ActionSchema)).toBe(false);
    expect(isEmptyResponse(ActionSchema)).toBe(false);
  });
});

describe('path helpers', () => {
  it('lists the placeholders in order', () => {
    expect(extractPathParams('/portfolios/{id}/actions/{action_id}')).toEqual(['id', 'action_id']);
    expect(extractPathParams('/strategy-styles')).toEqual([]);
  });

  it('converts placeholders to Fastify parameters', () => {
    expect(routePathToFastify('/portfolios/{id}/actions/{action_id}/submit-response')).toBe(
      '/portfolios/:id/actions/:action_id/submit-response',
    );
    expect(routePathToFastify('/strategy-styles/{name}/form-options')).toBe(
      '/strategy-styles/:name/form-options',
    );
    expect(routePathToFastify('/custodians')).toBe('/custodians');
  });

  it('fills and URI-encodes placeholders', () => {
    expect(buildPath(getAction, { id: 'p-1', action_id: 'a 2' })).toBe(
      '/portfolios/p-1/actions/a%202',
    );
    expect(buildPath(getAction, { id: 'a/b?c#d', action_id: '%' })).toBe(
      '/portfolios/a%2Fb%3Fc%23d/actions/%25',
    );
    expect(buildPath(listStyles)).toBe('/strategy-styles');
  });

  it('throws when a placeholder has no value', () => {
    const missing = { id: 'p-1' } as unknown as { id: string; action_id: string };
    expect(() => buildPath(getAction, missing)).toThrow(
      'Route getAction: path parameter "action_id" is missing.',
    );
    expect(() => buildPath(getAction, { id: '', action_id: 'a' })).toThrow(/"id" is missing/);
  });

  it('refuses dot segments, which a URL parser would resolve to another route', () => {
    expect(() => buildPath(getAction, { id: '..', action_id: 'a' })).toThrow(/cannot be "\.\."/);
    expect(() => buildPath(getAction, { id: 'p', action_id: '.' })).toThrow(/cannot be "\."/);
  });
});

describe('route types', () => {
  it('infers the caller input from params, query and body', () => {
    expectTypeOf<RouteInput<typeof getAction>>().toEqualTypeOf<{
      params: { id: string; action_id: string };
    }>();
    expectTypeOf<RouteInput<typeof listActions>>().toEqualTypeOf<{
      params: { id: string };
      query?: { state?: string[] | undefined; limit?: unknown };
    }>();
    expectTypeOf<RouteInput<typeof submitResponse>>().toEqualTypeOf<{
      params: { id: string; action_id: string };
      body: { action_type: string; needs_action_payload?: string | undefined };
    }>();
    expectTypeOf<keyof RouteInput<typeof listStyles>>().toEqualTypeOf<never>();
  });

  it('infers what a handler receives after parsing', () => {
    expectTypeOf<RouteParsedInput<typeof listActions>>().toEqualTypeOf<{
      params: { id: string };
      query: { state?: string[] | undefined; limit: number };
    }>();
    expectTypeOf<RouteParsedInput<typeof submitResponse>['body']>().toEqualTypeOf<{
      action_type: string;
      needs_action_payload: string;
    }>();
  });

  it('infers the success response body', () => {
    expectTypeOf<RouteResponse<typeof getAction>>().toEqualTypeOf<{
      id: string;
      state: 'PENDING' | 'COMPLETED';
    }>();
    expectTypeOf<RouteResponse<typeof getLogo>>().toEqualTypeOf<Blob>();
    expectTypeOf<RouteResponse<typeof deletePortfolio>>().toEqualTypeOf<undefined>();
    expectTypeOf<RouteResponseFor<typeof getAction, 404>>().toEqualTypeOf<{ type: string }>();
  });

  it('asks buildPath for exactly the params the route declares', () => {
    // @ts-expect-error the route has placeholders, so params are required
    expect(() => buildPath(getAction)).toThrow();
    // @ts-expect-error action_id is missing
    expect(() => buildPath(getAction, { id: 'p' })).toThrow();
  });
});
