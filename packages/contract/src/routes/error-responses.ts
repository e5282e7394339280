import {
  ClientErrorResponseSchema,
  RateLimitErrorResponseSchema,
  ValidationErrorResponseSchema,
} from '../errors.ts';

/** The product §8 envelope each error status answers with. */
const ERROR_RESPONSES = {
  400: ValidationErrorResponseSchema,
  403: ClientErrorResponseSchema,
  404: ClientErrorResponseSchema,
  409: ClientErrorResponseSchema,
  410: ClientErrorResponseSchema,
  429: RateLimitErrorResponseSchema,
} as const;

type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** The error responses a route declares, by status: `errors(400, 403, 404)`. */
export function errors<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: (typeof ERROR_RESPONSES)[K] } {
  return Object.fromEntries(statuses.map((status) => [status, ERROR_RESPONSES[status]])) as {
    [K in S[number]]: (typeof ERROR_RESPONSES)[K];
  };
}
