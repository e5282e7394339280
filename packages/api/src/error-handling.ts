import {
  clientErrorResponse,
  NON_FIELD_ERRORS,
  NOT_FOUND_DETAIL,
  type RateLimitErrorResponse,
  serverErrorResponse,
  toValidationErrorResponse,
  type ValidationErrorResponse,
} from '@ballast/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, RequestValidationError } from './app-error.ts';
import { describeBytes } from './request-limits.ts';

/**
 * Every failure leaves the API in the product's error envelope (product §8). Expected refusals
 * carry their code; anything unexpected is logged here and reaches the client as a bare
 * `server_error`, so no stack, SQL or personal data ever leaves the process.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send(clientErrorResponse('not_found', NOT_FOUND_DETAIL)),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status === 401) reply.header('www-authenticate', 'Bearer');
      return reply.code(error.status).send(clientErrorResponse(error.code, error.message));
    }
    if (error instanceof RequestValidationError) {
      return reply.code(400).send(error.response);
    }
    if (error instanceof z.ZodError) {
      return reply.code(400).send(toValidationErrorResponse(error, { input: request.body }));
    }
    if (error.statusCode === 429) {
      const body: RateLimitErrorResponse = {
        type: 'rate_limit_exceeded',
        errors: [{ code: 'rate_limit_exceeded', detail: error.message, attr: null }],
      };
      return reply.code(429).send(body);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Product §8 has no code for it: the envelope of a request that is not valid, with the
      // status that says why, so a client or proxy can tell it from a field's mistake.
      const limit = describeBytes(request.routeOptions.bodyLimit);
      const body: ValidationErrorResponse = {
        type: 'validation_error',
        errors: [
          {
            code: 'invalid',
            detail: `The request body is larger than ${limit}.`,
            attr: NON_FIELD_ERRORS,
          },
        ],
      };
      return reply.code(413).send(body);
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed bodies and the like, refused by Fastify before any route ran.
      const body: ValidationErrorResponse = {
        type: 'validation_error',
        errors: [{ code: 'invalid', detail: error.message, attr: 'non_field_errors' }],
      };
      return reply.code(400).send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(serverErrorResponse());
  });
}

/** What the router itself refuses, as a request no route can take. */
const ROUTER_REFUSALS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The request path is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the request path is too long.',
};

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or plugin runs (a path
 * that is not valid UTF-8, a path segment too long), in the error envelope like every other
 * answer (product §8), never Fastify's own shape.
 */
export function answerRouterError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const body: ValidationErrorResponse = {
    type: 'validation_error',
    errors: [
      {
        code: 'invalid',
        detail: ROUTER_REFUSALS[error.code] ?? 'The request is not valid.',
        attr: 'non_field_errors',
      },
    ],
  };
  void reply.code(400).send(body);
}
