import { z } from 'zod';
import { ValidationErrorResponseSchema } from './errors.ts';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from './idempotency.ts';
import type {
  JsonSchema,
  OpenApiDocument,
  OpenApiOperation,
  OpenApiOptions,
  OpenApiParameter,
  OpenApiPathItem,
} from './openapi-document.ts';
import {
  type AnyRoute,
  extractPathParams,
  type HttpMethod,
  isBinaryResponse,
  isEmptyResponse,
} from './routes/define-route.ts';

/**
 * Derives the OpenAPI 3.1 description of the provider API from the route table, so the document
 * can never disagree with what the api validates. Pure: no I/O, the same routes give the same
 * document.
 */

const BEARER_AUTH = 'bearerAuth';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Validation error',
  401: 'Unauthorized',
  403: 'Permission denied',
  404: 'Not found',
  409: 'Request conflict',
  410: 'Resource gone',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Rate limit exceeded',
  500: 'Server error',
};

const PAYLOAD_TOO_LARGE = 413;

export function buildOpenApiDocument(
  routes: readonly AnyRoute[],
  options: OpenApiOptions,
): OpenApiDocument {
  assertUniqueRoutes(routes);
  const schemas = new ComponentSchemas();

  // Convert every schema first and register the output ones before the input ones: a shared
  // schema then keeps its plain name for the response shape, and only a request variant that
  // differs from it gets the `Input` suffix, whatever the order of the routes.
  const converted = routes.map((route) => convertRouteSchemas(route));
  const tooLarge = convert(ValidationErrorResponseSchema, 'output', 'payloadTooLarge');
  const outputs = [...converted.flatMap((c) => Object.values(c.responses)), tooLarge];
  const inputs = converted.flatMap((c) => [c.params, c.query, c.body]);
  const roots = new Map<Conversion, JsonSchema>();
  for (const conversion of [...outputs, ...inputs]) {
    if (conversion !== undefined) roots.set(conversion, schemas.register(conversion));
  }
  const rootOf = (conversion: Conversion): JsonSchema => roots.get(conversion) as JsonSchema;

  const paths: Record<string, OpenApiPathItem> = {};
  routes.forEach((route, index) => {
    const conversions = converted[index] as RouteConversions;
    const parameters = [
      ...pathParameters(route, conversions.params && rootOf(conversions.params), schemas),
      ...queryParameters(conversions.query && rootOf(conversions.query), schemas),
      ...(route.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
    ];
    const operation: OpenApiOperation = {
      operationId: route.id,
      summary: route.summary,
      ...(route.description === undefined ? {} : { description: route.description }),
      tags: [...route.tags],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(conversions.body && route.body
        ? {
            requestBody: {
              // A body schema that accepts `undefined` makes the body optional.
              required: !route.body.safeParse(undefined).success,
              content: {
                [route.bodyKind === 'multipart' ? 'multipart/form-data' : 'application/json']: {
                  schema: rootOf(conversions.body),
                },
              },
            },
          }
        : {}),
      responses: Object.fromEntries([
        ...Object.entries(route.responses).map(([status, spec]) => {
          const description = STATUS_TEXT[Number(status)] ?? 'Response';
          if (isEmptyResponse(spec)) return [status, { description }];
          if (isBinaryResponse(spec)) {
            const content = Object.fromEntries(
              spec.contentTypes.map((type) => [
                type,
                { schema: { type: 'string', format: 'binary' } },
              ]),
            );
            return [status, { description, content }];
          }
          const conversion = conversions.responses[status] as Conversion;
          return [
            status,
            { description, content: { 'application/json': { schema: rootOf(conversion) } } },
          ];
        }),
        // Any body over the route's limit is refused before the route runs (decision 030), so
        // every call that takes one may answer it without declaring it.
        ...(route.body && !(PAYLOAD_TOO_LARGE in route.responses)
          ? [
              [
                String(PAYLOAD_TOO_LARGE),
                {
                  description: STATUS_TEXT[PAYLOAD_TOO_LARGE],
                  content: { 'application/json': { schema: rootOf(tooLarge) } },
                },
              ],
            ]
          : []),
      ]),
      ...(route.auth ? { security: [{ [BEARER_AUTH]: [] }] } : {}),
    };
    const pathItem = paths[route.path] ?? {};
    pathItem[route.method.toLowerCase() as Lowercase<HttpMethod>] = operation;
    paths[route.path] = pathItem;
  });

  const tags = [...new Set(routes.flatMap((route) => route.tags))].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: options.title,
      version: options.version,
      ...(options.description === undefined ? {} : { description: options.description }),
    },
    servers: [{ url: options.serverUrl }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: schemas.toObject(),
      securitySchemes: {
        [BEARER_AUTH]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
  };
}

function assertUniqueRoutes(routes: readonly AnyRoute[]): void {
  const ids = new Set<string>();
  const operations = new Set<string>();
  for (const route of routes) {
    if (ids.has(route.id)) throw new Error(`Two routes share the id ${route.id}.`);
    ids.add(route.id);
    // `/a/{id}` and `/a/{name}` are the same route to a router.
    const key = `${route.method} ${route.path.replace(/\{[^}]+\}/g, '{}')}`;
    if (operations.has(key)) throw new Error(`Two routes answer ${route.method} ${route.path}.`);
    operations.add(key);
  }
}

// ---------------------------------------------------------------------------------------------
// Schema conversion

type Io = 'input' | 'output';

/** One zod schema as JSON Schema, its `$defs` not yet moved into `components.schemas`. */
type Conversion = {
  io: Io;
  /** Names anonymous definitions (recursive schemas without an id) after their place. */
  context: string;
  root: JsonSchema;
  defs: Record<string, JsonSchema>;
};

type RouteConversions = {
  params?: Conversion;
  query?: Conversion;
  body?: Conversion;
  responses: Record<string, Conversion>;
};

const ROOT_DEF = '__root';
const LOCAL_REF = '#/$defs/';
const COMPONENT_REF = '#/components/schemas/';

function convertRouteSchemas(route: AnyRoute): RouteConversions {
  const responses: Record<string, Conversion> = {};
  for (const [status, spec] of Object.entries(route.responses)) {
    if (spec instanceof z.ZodType) {
      responses[status] = convert(spec, 'output', `${route.id}.response${status}`);
    }
  }
  return {
    ...(route.params ? { params: convert(route.params, 'input', `${route.id}.params`) } : {}),
    ...(route.query ? { query: convert(route.query, 'input', `${route.id}.query`) } : {}),
    ...(route.body ? { body: convert(route.body, 'input', `${route.id}.body`) } : {}),
    responses,
  };
}

/**
 * Requests are described by what a client sends (`io: 'input'`, so fields with defaults are
 * optional) and responses by what the server sends (`io: 'output'`).
 */
function convert(schema: z.ZodType, io: Io, context: string): Conversion {
  const generated = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // Dates, bigints and the like have no JSON Schema; an open schema is honest about that
    // without failing the whole document.
    unrepresentable: 'any',
  }) as JsonSchema;
  const { $schema: _dialect, $defs, ...root } = generated;
  const defs = { ...($defs as Record<string, JsonSchema> | undefined) };
  // A recursive schema without an id refers to itself as "#", which inside an OpenAPI document
  // would mean the document; give it a definition of its own so it can be referenced by name.
  if (containsRef(root, '#')) {
    defs[ROOT_DEF] = rewriteRefs(root, (ref) => (ref === '#' ? `${LOCAL_REF}${ROOT_DEF}` : ref));
    return { io, context, root: { $ref: `${LOCAL_REF}${ROOT_DEF}` }, defs };
  }
  return { io, context, root, defs };
}

const COMPONENT_NAME = /^[A-Za-z0-9._-]+$/;

/**
 * The `components.schemas` table. Schemas that carry a zod `id` (`.meta({ id: 'Portfolio' })`)
 * are listed once under that name and referenced everywhere else.
 */
class ComponentSchemas {
  readonly #schemas = new Map<string, JsonSchema>();

  /** Moves a conversion's definitions into the table and returns its root, refs pointing there. */
  register(conversion: Conversion): JsonSchema {
    const localNames = Object.keys(conversion.defs);
    const names = new Map(localNames.map((local) => [local, baseName(local, conversion)]));
    const refTo = (ref: string): string => {
      if (!ref.startsWith(LOCAL_REF)) return ref;
      const local = decodePointerToken(ref.slice(LOCAL_REF.length));
      return `${COMPONENT_REF}${names.get(local) ?? local}`;
    };

    // The request variant of a named schema often differs from the response one (defaults make
    // fields optional, and only outputs forbid unknown keys); such a variant is listed as
    // `<name>Input`. Renaming one definition changes the refs of those that use it, so repeat
    // until the names settle.
    let changed = true;
    while (changed) {
      changed = false;
      for (const local of localNames) {
        const name = names.get(local) as string;
        const existing = this.#schemas.get(name);
        if (existing === undefined) continue;
        const candidate = rewriteRefs(conversion.defs[local] as JsonSchema, refTo);
        if (stableStringify(existing) === stableStringify(candidate)) continue;
        if (conversion.io === 'input' && name === baseName(local, conversion)) {
          names.set(local, `${name}Input`);
          changed = true;
          continue;
        }
        throw new Error(
          `Two different schemas are both named "${name}" (${conversion.context}); give one of them another id.`,
        );
      }
    }

    if (new Set(names.values()).size !== names.size) {
      throw new Error(
        `Schema ids in ${conversion.context} collide once request variants are suffixed "Input": ${[...names.values()].join(', ')}.`,
      );
    }
    for (const local of localNames) {
      const name = names.get(local) as string;
      if (!this.#schemas.has(name)) {
        this.#schemas.set(name, rewriteRefs(conversion.defs[local] as JsonSchema, refTo));
      }
    }
    return rewriteRefs(conversion.root, refTo);
  }

  /** Follows `$ref`s into the table, for reading a parameter object's properties. */
  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    // A chain of refs is short; the bound only guards against a ref cycle.
    for (let depth = 0; depth < 32; depth += 1) {
      const ref = current.$ref;
      if (typeof ref !== 'string' || !ref.startsWith(COMPONENT_REF)) break;
      const target = this.#schemas.get(ref.slice(COMPONENT_REF.length));
      if (target === undefined) break;
      current = target;
    }
    return current;
  }

  toObject(): Record<string, JsonSchema> {
    return Object.fromEntries([...this.#schemas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
}

function baseName(local: string, conversion: Conversion): string {
  let name: string;
  if (local === ROOT_DEF) name = conversion.context;
  // zod names the definitions it invents (cycles through schemas without an id) `__schema0`, …,
  // which would collide across conversions.
  else if (/^__schema\d+$/.test(local)) name = `${conversion.context}.${local.slice(2)}`;
  else name = local;
  if (!COMPONENT_NAME.test(name)) {
    throw new Error(
      `Schema id "${name}" (${conversion.context}) cannot name an OpenAPI component: use letters, digits, ".", "-" and "_".`,
    );
  }
  return name;
}

// ---------------------------------------------------------------------------------------------
// Parameters

function pathParameters(
  route: AnyRoute,
  root: JsonSchema | undefined,
  schemas: ComponentSchemas,
): OpenApiParameter[] {
  const properties = root ? propertiesOf(schemas.resolve(root)) : {};
  return extractPathParams(route.path).map((name) => {
    const schema = properties[name] ?? { type: 'string' };
    return { name, in: 'path', required: true, ...describedBy(schema), schema };
  });
}

const IDEMPOTENCY_KEY_PARAMETER: OpenApiParameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    'Any value unique to this request (a UUID, say). Sent again with the same request, the call ' +
    'answers what the first one made instead of making it twice; with a different request, 409.',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
};

function queryParameters(
  root: JsonSchema | undefined,
  schemas: ComponentSchemas,
): OpenApiParameter[] {
  if (root === undefined) return [];
  const object = schemas.resolve(root);
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  return Object.entries(propertiesOf(object)).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...describedBy(schema),
    schema,
    // Lists travel as repeated keys (`state=A&state=B`), which is what Fastify's parser reads.
    ...(isArraySchema(schemas.resolve(schema), schemas) ? { style: 'form', explode: true } : {}),
  }));
}

function propertiesOf(object: JsonSchema): Record<string, JsonSchema> {
  return (object.properties as Record<string, JsonSchema> | undefined) ?? {};
}

function describedBy(schema: JsonSchema): { description?: string } {
  return typeof schema.description === 'string' ? { description: schema.description } : {};
}

function isArraySchema(schema: JsonSchema, schemas: ComponentSchemas): boolean {
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) {
    return true;
  }
  const branches = [schema.anyOf, schema.oneOf].flatMap((list) =>
    Array.isArray(list) ? (list as JsonSchema[]) : [],
  );
  return branches.some((branch) => isArraySchema(schemas.resolve(branch), schemas));
}

// ---------------------------------------------------------------------------------------------
// JSON helpers

function rewriteRefs<T>(value: T, rewrite: (ref: string) => string): T {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rewrite)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) {
    copy[key] =
      key === '$ref' && typeof child === 'string' ? rewrite(child) : rewriteRefs(child, rewrite);
  }
  return copy as T;
}

function containsRef(value: unknown, ref: string): boolean {
  if (Array.isArray(value)) return value.some((item) => containsRef(item, ref));
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, child]) =>
    key === '$ref' ? child === ref : containsRef(child, ref),
  );
}

function decodePointerToken(token: string): string {
  return decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
}

// Key order differs between zod's input and output passes; compare content, not insertion order.
function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, child: unknown) =>
    child !== null && typeof child === 'object' && !Array.isArray(child)
      ? Object.fromEntries(Object.entries(child).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : child,
  );
}
