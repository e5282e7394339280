import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Every failure leaves the API in the spec's error envelope (§8). Expected refusals carry their
 * code; anything unexpected is logged here and reaches the client as a bare `server_error`, so no
 * stack, SQL or personal data ever leaves the process.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send(clientError('not_found', 'Not found.')),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).send(clientError(error.code, error.message));
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({
        type: 'rate_limit_exceeded',
        errors: [{ code: 'rate_limit_exceeded', detail: error.message, attr: null }],
      });
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed bodies and the like, caught by Fastify before any route schema ran.
      return reply.code(400).send({
        type: 'validation_error',
        errors: [{ code: 'invalid', detail: error.message, attr: 'non_field_errors' }],
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({
      type: 'server_error',
      errors: [{ code: 'error', detail: 'A server error occurred.', attr: null }],
    });
  });
}

function clientError(code: AppError['code'], detail: string) {
  return { type: 'client_error' as const, errors: [{ code, detail, attr: null }] };
}
