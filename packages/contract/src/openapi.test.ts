import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from './openapi.ts';
import type { OpenApiOperation } from './openapi-document.ts';
import { type AnyRoute, binary, defineRoute, noContent } from './routes/define-route.ts';

const ErrorSchema = z.object({
  type: z.literal('client_error'),
  errors: z.array(z.object({ code: z.string(), detail: z.string(), attr: z.string().nullable() })),
});

// Named, so it is listed once in components and referenced from each use.
const ActionSchema = z
  .object({
    id: z.uuid(),
    state: z.enum(['SUBMITTED', 'PENDING', 'COMPLETED']),
    note: z.string().default(''),
  })
  .meta({ id: 'SampleAction' });

type Category = { name: string; children: Category[] };
// Recursive and without an id: zod refers to the root as "#".
const CategorySchema: z.ZodType<Category> = z.object({
  name: z.string(),
  get children() {
    return z.array(CategorySchema);
  },
});

const listActions = defineRoute({
  id: 'listActions',
  method: 'GET',
  path: '/portfolios/{id}/actions',
  summary: 'Actions of a portfolio',
  tags: ['actions'],
  params: z.object({ id: z.uuid().describe('The portfolio') }),
  query: z.object({
    state: z.array(z.enum(['SUBMITTED', 'PENDING', 'COMPLETED'])).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    start_time: z.iso.datetime(),
  }),
  responses: { 200: z.array(ActionSchema), 404: ErrorSchema },
});

const sampleRoutes = [
  listActions,
  defineRoute({
    id: 'updateAction',
    method: 'PUT',
    path: '/portfolios/{id}/actions/{action_id}',
    summary: 'Replace an action',
    tags: ['actions'],
    params: z.object({ id: z.uuid(), action_id: z.uuid() }),
    body: ActionSchema,
    responses: { 200: ActionSchema, 400: ErrorSchema, 409: ErrorSchema },
  }),
  defineRoute({
    id: 'deletePortfolio',
    method: 'DELETE',
    path: '/portfolios/{id}',
    summary: 'Delete an incomplete portfolio',
    tags: ['portfolios'],
    params: z.object({ id: z.uuid() }),
    responses: { 204: noContent, 409: ErrorSchema },
  }),
  defineRoute({
    id: 'uploadKycDocument',
    method: 'POST',
    path: '/kyc-documents',
    summary: 'Upload a KYC document',
    tags: ['kyc'],
    body: z.object({ document: z.file().mime(['application/pdf']), portfolio_id: z.uuid() }),
    bodyKind: 'multipart',
    responses: { 201: z.object({ id: z.uuid() }), 400: ErrorSchema },
  }),
  defineRoute({
    id: 'getFirmLogo',
    method: 'GET',
    path: '/firms/{id}/logo',
    summary: 'The firm logo',
    tags: ['firms'],
    params: z.object({ id: z.uuid() }),
    responses: { 200: binary(['image/png', 'image/svg+xml']), 404: ErrorSchema },
    auth: false,
  }),
  defineRoute({
    id: 'listCategories',
    method: 'GET',
    path: '/categories',
    summary: 'A recursive response',
    tags: ['samples'],
    responses: { 200: CategorySchema },
  }),
] satisfies AnyRoute[];

const options = { title: 'Ballast provider API', version: '1.2.3', serverUrl: '/api' };
const document = buildOpenApiDocument(sampleRoutes, options);

function operation(path: string, method: 'get' | 'put' | 'post' | 'delete'): OpenApiOperation {
  const found = document.paths[path]?.[method];
  if (found === undefined) throw new Error(`no ${method} ${path} in the document`);
  return found;
}

/**
 * A schema as written, or the component it refers to. The shared error envelope is listed in
 * components once the route table has named it, which any module of the process may have done.
 */
function resolved(schema: unknown): unknown {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  if (ref === undefined) return schema;
  return document.components?.schemas?.[ref.replace('#/components/schemas/', '')];
}

describe('buildOpenApiDocument', () => {
  it('describes the API and where it is served', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toEqual({ title: 'Ballast provider API', version: '1.2.3' });
    expect(document.servers).toEqual([{ url: '/api' }]);
    expect(document.tags.map((tag) => tag.name)).toEqual([
      'actions',
      'firms',
      'kyc',
      'portfolios',
      'samples',
    ]);
  });

  it('lists every route under its spec path and method, named by its id', () => {
    expect(Object.keys(document.paths)).toEqual([
      '/portfolios/{id}/actions',
      '/portfolios/{id}/actions/{action_id}',
      '/portfolios/{id}',
      '/kyc-documents',
      '/firms/{id}/logo',
      '/categories',
    ]);
    const update = operation('/portfolios/{id}/actions/{action_id}', 'put');
    expect(update.operationId).toBe('updateAction');
    expect(update.summary).toBe('Replace an action');
    expect(update.tags).toEqual(['actions']);
  });

  it('turns params into required path parameters, in path order', () => {
    const update = operation('/portfolios/{id}/actions/{action_id}', 'put');
    expect(update.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'string', format: 'uuid' }),
      },
      {
        name: 'action_id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ format: 'uuid' }),
      },
    ]);
    const list = operation('/portfolios/{id}/actions', 'get');
    expect(list.parameters?.[0]).toMatchObject({ name: 'id', description: 'The portfolio' });
  });

  it('turns query keys into query parameters, lists exploded', () => {
    const parameters = operation('/portfolios/{id}/actions', 'get').parameters ?? [];
    const query = parameters.filter((parameter) => parameter.in === 'query');
    expect(query).toEqual([
      {
        name: 'state',
        in: 'query',
        required: false,
        schema: {
          type: 'array',
          items: { type: 'string', enum: ['SUBMITTED', 'PENDING', 'COMPLETED'] },
        },
        style: 'form',
        explode: true,
      },
      {
        name: 'limit',
        in: 'query',
        // A default makes it optional for the caller.
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
      },
      {
        name: 'start_time',
        in: 'query',
        required: true,
        schema: expect.objectContaining({ type: 'string', format: 'date-time' }),
      },
    ]);
  });

  it('describes JSON and multipart request bodies', () => {
    const update = operation('/portfolios/{id}/actions/{action_id}', 'put');
    expect(update.requestBody).toEqual({
      required: true,
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/SampleActionInput' } },
      },
    });
    const upload = operation('/kyc-documents', 'post');
    expect(upload.requestBody?.required).toBe(true);
    const multipart = upload.requestBody?.content['multipart/form-data']?.schema;
    expect(multipart).toMatchObject({
      type: 'object',
      properties: {
        document: { type: 'string', format: 'binary', contentMediaType: 'application/pdf' },
        portfolio_id: { type: 'string', format: 'uuid' },
      },
      required: ['document', 'portfolio_id'],
    });
    expect(operation('/portfolios/{id}', 'delete').requestBody).toBeUndefined();
  });

  it('describes each declared response status with its JSON schema', () => {
    const list = operation('/portfolios/{id}/actions', 'get');
    expect(Object.keys(list.responses)).toEqual(['200', '404']);
    expect(list.responses['200']).toEqual({
      description: 'OK',
      content: {
        'application/json': {
          schema: { type: 'array', items: { $ref: '#/components/schemas/SampleAction' } },
        },
      },
    });
    expect(list.responses['404']?.description).toBe('Not found');
    expect(list.responses['404']?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { type: { type: 'string', const: 'client_error' } },
    });
    expect(operation('/portfolios/{id}', 'delete').responses['204']).toEqual({
      description: 'No Content',
    });
  });

  it('says that every call with a body may refuse one too large, in the validation envelope', () => {
    for (const [path, method] of [
      ['/portfolios/{id}/actions/{action_id}', 'put'],
      ['/kyc-documents', 'post'],
    ] as const) {
      const tooLarge = operation(path, method).responses['413'];
      expect(tooLarge?.description).toBe('Payload too large');
      expect(resolved(tooLarge?.content?.['application/json']?.schema)).toMatchObject({
        type: 'object',
        properties: { type: { type: 'string', const: 'validation_error' } },
      });
    }
    expect(operation('/portfolios/{id}/actions', 'get').responses['413']).toBeUndefined();
    expect(operation('/portfolios/{id}', 'delete').responses['413']).toBeUndefined();
  });

  it('lists a named schema once, with a separate request variant when it differs', () => {
    const { SampleAction, SampleActionInput } = document.components.schemas;
    // The response always carries the defaulted field and forbids unknown keys…
    expect(SampleAction).toMatchObject({
      required: ['id', 'state', 'note'],
      additionalProperties: false,
    });
    // …while a request may leave it out.
    expect(SampleActionInput).toMatchObject({ required: ['id', 'state'] });
    expect(SampleActionInput).not.toHaveProperty('additionalProperties');
  });

  it('names a recursive schema without an id after its place', () => {
    const response = operation('/categories', 'get').responses['200'];
    expect(response?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/listCategories.response200',
    });
    expect(document.components.schemas['listCategories.response200']).toMatchObject({
      properties: {
        children: {
          type: 'array',
          items: { $ref: '#/components/schemas/listCategories.response200' },
        },
      },
    });
  });

  it('describes binary responses by content type', () => {
    expect(operation('/firms/{id}/logo', 'get').responses['200']).toEqual({
      description: 'OK',
      content: {
        'image/png': { schema: { type: 'string', format: 'binary' } },
        'image/svg+xml': { schema: { type: 'string', format: 'binary' } },
      },
    });
  });

  it('requires the bearer token except on public routes', () => {
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
    expect(operation('/portfolios/{id}', 'delete').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('/firms/{id}/logo', 'get').security).toBeUndefined();
  });

  it('leaves no zod-local references or dialect markers behind', () => {
    const text = JSON.stringify(document);
    expect(text).not.toContain('#/$defs/');
    expect(text).not.toContain('"$ref":"#"');
    expect(text).not.toContain('$schema');
  });

  it('is a pure function of the routes', () => {
    expect(buildOpenApiDocument(sampleRoutes, options)).toEqual(document);
    expect(buildOpenApiDocument([...sampleRoutes].reverse(), options).components).toEqual(
      document.components,
    );
  });

  it('refuses two routes with the same id or the same method and path', () => {
    expect(() => buildOpenApiDocument([listActions, listActions], options)).toThrow(
      /share the id listActions/,
    );
    const twin = { ...listActions, id: 'listActionsAgain', path: '/portfolios/{pid}/actions' };
    expect(() => buildOpenApiDocument([listActions, twin], options)).toThrow(
      /Two routes answer GET/,
    );
  });

  it('refuses two different schemas that share an id', () => {
    const make = (id: string, schema: z.ZodType) =>
      defineRoute({
        id,
        method: 'GET',
        path: `/${id}`,
        summary: id,
        tags: [],
        responses: { 200: schema },
      });
    const routes = [
      make('first', z.object({ a: z.string() }).meta({ id: 'SampleClash' })),
      make('second', z.object({ b: z.number() }).meta({ id: 'SampleClash' })),
    ];
    expect(() => buildOpenApiDocument(routes, options)).toThrow(/both named "SampleClash"/);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    // The validator dereferences in place, so it gets a copy.
    const result = await validate(
      structuredClone(document) as unknown as Parameters<typeof validate>[0],
    );
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });
});
