import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  IDENTITY_ERRORS,
  IdentityError,
  type IdentityErrorType,
  TooManyRequestsError,
} from '../identity-error.ts';

const ERROR_URL = 'https://stytch.com/docs/api/errors';

/**
 * Every failure in the protocol's error JSON. Anything unexpected is logged and answered as
 * internal_server_error: never one of the error types that make the SDK sign the user out.
 */
export function registerSdkErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 'not_found'));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof TooManyRequestsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (error instanceof IdentityError) {
      return sendError(request, reply, error.errorType, error.message);
    }
    if (error.statusCode === 429) return sendError(request, reply, 'too_many_requests');
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(request, reply, 'bad_request', 'The request body could not be read.');
    }
    request.log.error({ err: error }, 'identity call failed');
    return sendError(request, reply, 'internal_server_error');
  });
}

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  errorType: IdentityErrorType,
  message: string = IDENTITY_ERRORS[errorType].message,
) {
  const status = IDENTITY_ERRORS[errorType].status;
  return reply
    .code(status)
    .type('application/json')
    .send({
      status_code: status,
      request_id: request.id,
      error_type: errorType,
      error_message: message,
      error_url: `${ERROR_URL}#${errorType}`,
    });
}
