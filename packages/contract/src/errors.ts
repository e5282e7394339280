/**
 * Product §8 error envelopes, the one wire shape of every failed call, and the mapping from zod
 * failures to validation-error items that both the api and the web use.
 */
import { z } from 'zod';
import { FIELD_REQUIRED, SERVER_ERROR_DETAIL } from './messages.ts';

export const VALIDATION_ERROR_CODES = [
  'invalid',
  'null',
  'required',
  'blank',
  'invalid_choice',
  'max_string_length',
  'max_value',
  'min_value',
  'does_not_exist',
  'incorrect_type',
  'datetime',
  'not_a_list',
  'not_a_dict',
  'empty',
  'no_name',
  'null_characters_not_allowed',
  'surrogate_characters_not_allowed',
] as const;
export const ValidationErrorCodeSchema = z.enum(VALIDATION_ERROR_CODES);
export type ValidationErrorCode = z.infer<typeof ValidationErrorCodeSchema>;

/** A field-level error; `attr` is the dotted path (`custodians.0.account_number`). */
export const ValidationErrorItemSchema = z.object({
  code: ValidationErrorCodeSchema,
  detail: z.string(),
  attr: z.string().nullable(),
});
export type ValidationErrorItem = z.infer<typeof ValidationErrorItemSchema>;

export const ValidationErrorResponseSchema = z.object({
  type: z.literal('validation_error'),
  errors: z.array(ValidationErrorItemSchema),
});
export type ValidationErrorResponse = z.infer<typeof ValidationErrorResponseSchema>;

export const CLIENT_ERROR_STATUS = {
  // 401 is the one status product §8 does not name; its code is the one its envelope format uses.
  not_authenticated: 401,
  permission_denied: 403,
  not_found: 404,
  request_conflict: 409,
  resource_gone: 410,
} as const;
export const CLIENT_ERROR_CODES = [
  'not_authenticated',
  'permission_denied',
  'not_found',
  'request_conflict',
  'resource_gone',
] as const satisfies readonly (keyof typeof CLIENT_ERROR_STATUS)[];
export const ClientErrorCodeSchema = z.enum(CLIENT_ERROR_CODES);
export type ClientErrorCode = z.infer<typeof ClientErrorCodeSchema>;

export const ClientErrorResponseSchema = z.object({
  type: z.literal('client_error'),
  errors: z.array(z.object({ code: ClientErrorCodeSchema, detail: z.string(), attr: z.null() })),
});
export type ClientErrorResponse = z.infer<typeof ClientErrorResponseSchema>;

// The product names only the types of these two; the codes follow the api's error handler.
export const RateLimitErrorResponseSchema = z.object({
  type: z.literal('rate_limit_exceeded'),
  errors: z.array(
    z.object({ code: z.literal('rate_limit_exceeded'), detail: z.string(), attr: z.null() }),
  ),
});
export type RateLimitErrorResponse = z.infer<typeof RateLimitErrorResponseSchema>;

export const ServerErrorResponseSchema = z.object({
  type: z.literal('server_error'),
  errors: z.array(z.object({ code: z.literal('error'), detail: z.string(), attr: z.null() })),
});
export type ServerErrorResponse = z.infer<typeof ServerErrorResponseSchema>;

export const ErrorResponseSchema = z.discriminatedUnion('type', [
  ValidationErrorResponseSchema,
  ClientErrorResponseSchema,
  RateLimitErrorResponseSchema,
  ServerErrorResponseSchema,
]);
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** HTTP status of each envelope type; client errors take theirs from CLIENT_ERROR_STATUS. */
export const ERROR_TYPE_STATUS = {
  validation_error: 400,
  rate_limit_exceeded: 429,
  server_error: 500,
} as const;

export const NON_FIELD_ERRORS = 'non_field_errors';

/** Dotted attr of a zod path; list indices stay numbers, the root is `non_field_errors`. */
export function toAttr(path: readonly PropertyKey[]): string {
  return path.length === 0 ? NON_FIELD_ERRORS : path.map((key) => String(key)).join('.');
}

export type ValidationSource = {
  /** The value that was parsed, so a missing value can be told from a wrong one. */
  input: unknown;
};

const ABSENT = Symbol('absent');
const UNKNOWN = Symbol('unknown');

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}

/**
 * What the failing field held. zod drops the input from issues unless asked (`reportInput`), so
 * the parsed value is consulted when given, and otherwise the message tells what it can.
 */
function receivedValue(issue: z.core.$ZodIssue, source?: ValidationSource): unknown {
  const value = source
    ? valueAt(source.input, issue.path)
    : 'input' in issue && issue.code !== 'invalid_union'
      ? issue.input
      : UNKNOWN;
  if (value !== UNKNOWN) return value === undefined ? ABSENT : value;
  if (issue.message === FIELD_REQUIRED || issue.message.endsWith('received undefined')) {
    return ABSENT;
  }
  return issue.message.endsWith('received null') ? null : UNKNOWN;
}

function isValidationErrorCode(value: unknown): value is ValidationErrorCode {
  return ValidationErrorCodeSchema.safeParse(value).success;
}

function isNumericOrigin(origin: string): boolean {
  return origin === 'number' || origin === 'int' || origin === 'bigint';
}

function codeFor(issue: z.core.$ZodIssue, source?: ValidationSource): ValidationErrorCode {
  if (issue.code === 'custom') {
    const declared: unknown = issue.params?.code;
    return isValidationErrorCode(declared) ? declared : 'invalid';
  }
  const isTagIssue = issue.code === 'invalid_union' && issue.discriminator !== undefined;
  if (issue.code === 'invalid_type' || issue.code === 'invalid_value' || isTagIssue) {
    const received = receivedValue(issue, source);
    if (
      received === ABSENT ||
      (issue.code === 'invalid_type' && issue.expected === 'nonoptional')
    ) {
      return 'required';
    }
    if (received === null) return 'null';
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'array') return 'not_a_list';
      if (issue.expected === 'object' || issue.expected === 'record') return 'not_a_dict';
      return 'incorrect_type';
    case 'invalid_value':
      return 'invalid_choice';
    case 'invalid_union':
      return isTagIssue ? 'invalid_choice' : 'invalid';
    case 'too_big':
      if (issue.origin === 'string') return 'max_string_length';
      return isNumericOrigin(issue.origin) ? 'max_value' : 'invalid';
    case 'too_small':
      if (issue.origin === 'string') {
        const raw = source ? valueAt(source.input, issue.path) : undefined;
        const isBlank = typeof raw === 'string' ? raw.trim() === '' : issue.minimum === 1;
        return isBlank ? 'blank' : 'invalid';
      }
      if (isNumericOrigin(issue.origin)) return 'min_value';
      return issue.origin === 'array' && issue.minimum === 1 ? 'empty' : 'invalid';
    default:
      return 'invalid';
  }
}

/**
 * zod issues as product §8 validation-error items: attr is the dotted path, detail the issue's
 * message, code the nearest product §8 code. A custom refinement may declare its code as `params:
 * {code}`. Pass the parsed value as `source` where it is at hand, for exact required/null/blank
 * codes.
 */
export function toValidationErrors(
  error: z.ZodError,
  source?: ValidationSource,
): ValidationErrorItem[] {
  return error.issues.map((issue) => ({
    code: codeFor(issue, source),
    detail: issue.message,
    attr: toAttr(issue.path),
  }));
}

export function toValidationErrorResponse(
  error: z.ZodError,
  source?: ValidationSource,
): ValidationErrorResponse {
  return { type: 'validation_error', errors: toValidationErrors(error, source) };
}

export function clientErrorResponse(code: ClientErrorCode, detail: string): ClientErrorResponse {
  return { type: 'client_error', errors: [{ code, detail, attr: null }] };
}

/** The whole of what a 500 tells the client: no stack, SQL or personal data. */
export function serverErrorResponse(): ServerErrorResponse {
  return {
    type: 'server_error',
    errors: [{ code: 'error', detail: SERVER_ERROR_DETAIL, attr: null }],
  };
}
