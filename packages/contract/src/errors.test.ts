import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PortfolioInputsSchema } from './entities/portfolio-inputs.ts';
import {
  CLIENT_ERROR_STATUS,
  ClientErrorResponseSchema,
  clientErrorResponse,
  ERROR_TYPE_STATUS,
  ErrorResponseSchema,
  RateLimitErrorResponseSchema,
  ServerErrorResponseSchema,
  serverErrorResponse,
  toAttr,
  toValidationErrorResponse,
  toValidationErrors,
  VALIDATION_ERROR_CODES,
  ValidationErrorResponseSchema,
} from './errors.ts';
import { choice } from './fields.ts';
import { makeOwner, makePortfolioInputs } from './testing/factories.ts';

function failure(schema: z.ZodType, input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error;
}

describe('product §8 envelopes', () => {
  it('lists the validation codes of product §8', () => {
    expect(VALIDATION_ERROR_CODES).toEqual([
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
    ]);
  });

  it('maps client error codes to their statuses', () => {
    expect(CLIENT_ERROR_STATUS).toEqual({
      not_authenticated: 401,
      permission_denied: 403,
      not_found: 404,
      request_conflict: 409,
      resource_gone: 410,
    });
    expect(ERROR_TYPE_STATUS).toEqual({
      validation_error: 400,
      rate_limit_exceeded: 429,
      server_error: 500,
    });
  });

  it('accepts each envelope and refuses a mixed one', () => {
    const validation = {
      type: 'validation_error',
      errors: [{ code: 'required', detail: 'This field is required.', attr: 'portfolio_id' }],
    };
    const client = clientErrorResponse('resource_gone', 'Gone.');
    const rateLimit = {
      type: 'rate_limit_exceeded',
      errors: [{ code: 'rate_limit_exceeded', detail: 'Slow down.', attr: null }],
    };
    const server = serverErrorResponse();
    expect(server).toEqual({
      type: 'server_error',
      errors: [{ code: 'error', detail: 'A server error occurred.', attr: null }],
    });
    expect(ValidationErrorResponseSchema.safeParse(validation).success).toBe(true);
    expect(ClientErrorResponseSchema.parse(client)).toEqual({
      type: 'client_error',
      errors: [{ code: 'resource_gone', detail: 'Gone.', attr: null }],
    });
    expect(RateLimitErrorResponseSchema.safeParse(rateLimit).success).toBe(true);
    expect(ServerErrorResponseSchema.safeParse(server).success).toBe(true);
    for (const envelope of [validation, client, rateLimit, server]) {
      expect(ErrorResponseSchema.safeParse(envelope).success).toBe(true);
    }
    expect(
      ClientErrorResponseSchema.safeParse({
        type: 'client_error',
        errors: [{ code: 'not_found', detail: 'x', attr: 'id' }],
      }).success,
    ).toBe(false);
    expect(
      ValidationErrorResponseSchema.safeParse({
        type: 'validation_error',
        errors: [{ code: 'not_found', detail: 'x', attr: null }],
      }).success,
    ).toBe(false);
  });
});

describe('toAttr', () => {
  it.each([
    [[], 'non_field_errors'],
    [['portfolio_id'], 'portfolio_id'],
    [['custodians', 0], 'custodians.0'],
    [['custodians', 0, 'account_number'], 'custodians.0.account_number'],
    [['client_data', 'owners', 12, 'taxid'], 'client_data.owners.12.taxid'],
  ])('%j -> %s', (path, attr) => {
    expect(toAttr(path)).toBe(attr);
  });
});

describe('toValidationErrors', () => {
  it('names nested fields with dotted paths and numeric indices', () => {
    const input = makePortfolioInputs({
      custodians: [{ custodian_name: 'Fidelity', account_number: '' }],
    });
    input.client_data.owners = [makeOwner({ taxid: '' })];
    expect(toValidationErrors(failure(PortfolioInputsSchema, input), { input })).toEqual([
      { code: 'blank', detail: 'This field is required.', attr: 'client_data.owners.0.taxid' },
      {
        code: 'blank',
        detail: 'Account number cannot be empty.',
        attr: 'custodians.0.account_number',
      },
    ]);
  });

  it('reports a root issue as non_field_errors', () => {
    const schema = z.object({ a: z.number(), b: z.number() }).refine((v) => v.a < v.b, {
      error: 'a must be below b',
    });
    expect(toValidationErrors(failure(schema, { a: 2, b: 1 }))).toEqual([
      { code: 'invalid', detail: 'a must be below b', attr: 'non_field_errors' },
    ]);
  });

  const schema = z.object({
    name: z.string().min(1),
    label: z.string().max(3),
    count: z.number().min(1).max(10),
    colour: z.enum(['red', 'blue']),
    tags: z.array(z.string()).min(1),
    meta: z.object({ k: z.string() }),
    email: z.email(),
  });
  const valid = {
    name: 'n',
    label: 'abc',
    count: 5,
    colour: 'red',
    tags: ['t'],
    meta: { k: 'v' },
    email: 'a@b.co',
  };

  it.each([
    ['missing value', { name: undefined }, 'name', 'required'],
    ['null value', { name: null }, 'name', 'null'],
    ['wrong type', { name: 5 }, 'name', 'incorrect_type'],
    ['empty string', { name: '' }, 'name', 'blank'],
    ['string too long', { label: 'abcd' }, 'label', 'max_string_length'],
    ['number too big', { count: 11 }, 'count', 'max_value'],
    ['number too small', { count: 0 }, 'count', 'min_value'],
    ['bad enum', { colour: 'green' }, 'colour', 'invalid_choice'],
    ['list expected', { tags: 't' }, 'tags', 'not_a_list'],
    ['empty list', { tags: [] }, 'tags', 'empty'],
    ['object expected', { meta: 'm' }, 'meta', 'not_a_dict'],
    ['bad format', { email: 'nope' }, 'email', 'invalid'],
  ])('%s -> %s %s', (_case, change, attr, code) => {
    const input = { ...valid, ...change };
    const error = failure(schema, input);
    const expected = [{ code, attr, detail: error.issues[0]?.message }];
    // Same answer whether or not the parsed value is at hand.
    expect(toValidationErrors(error, { input })).toEqual(expected);
    expect(toValidationErrors(error)).toEqual(expected);
  });

  it("needs the parsed value to tell a missing choice under zod's own message", () => {
    const input = { ...valid, colour: undefined };
    const error = failure(schema, input);
    expect(toValidationErrors(error, { input })).toMatchObject([
      { code: 'required', attr: 'colour' },
    ]);
    expect(toValidationErrors(error)).toMatchObject([{ code: 'invalid_choice', attr: 'colour' }]);
  });

  it('tells a missing choice from its message when the contract wrote it', () => {
    const error = failure(z.object({ colour: choice(['red', 'blue']) }), {});
    expect(toValidationErrors(error)).toEqual([
      { code: 'required', detail: 'This field is required.', attr: 'colour' },
    ]);
  });

  it('uses the code a refinement declares', () => {
    const schema = z.object({ a: z.string().optional() }).superRefine((_value, ctx) => {
      ctx.addIssue({
        code: 'custom',
        message: 'gone',
        path: ['a'],
        params: { code: 'does_not_exist' },
      });
    });
    expect(toValidationErrors(failure(schema, {}))).toEqual([
      { code: 'does_not_exist', detail: 'gone', attr: 'a' },
    ]);
  });

  it('tells a missing body from a wrong one', () => {
    expect(toValidationErrors(failure(schema, undefined), { input: undefined })).toEqual([
      { code: 'required', detail: expect.any(String), attr: 'non_field_errors' },
    ]);
    expect(toValidationErrors(failure(schema, []), { input: [] })).toEqual([
      { code: 'not_a_dict', detail: expect.any(String), attr: 'non_field_errors' },
    ]);
  });

  it('builds the whole envelope', () => {
    expect(toValidationErrorResponse(failure(z.object({ id: z.string() }), {}))).toEqual({
      type: 'validation_error',
      errors: [
        {
          code: 'required',
          detail: 'Invalid input: expected string, received undefined',
          attr: 'id',
        },
      ],
    });
  });
});
