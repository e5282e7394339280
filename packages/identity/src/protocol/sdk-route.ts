import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { IdentityError } from '../identity-error.ts';
import type { IdentityServices } from '../identity-services.ts';
import type { RequestContext, SessionService } from '../sessions/session-service.ts';
import type { Project } from './projects.ts';
import { readSdkAuth } from './sdk-auth.ts';

export type SdkCall<Body> = {
  body: Body;
  params: Record<string, string>;
  project: Project;
  /** The caller's session token, when the SDK sent one. */
  sessionToken: string | undefined;
  sessions: SessionService;
  context: RequestContext;
  request: FastifyRequest;
  /** Resolves once the answer has gone out (or the caller went away). */
  answered(): Promise<void>;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Registers one call of the SDK protocol (the plugin is mounted at /sdk/v1): resolves the project from the Basic
 * auth header, checks the body against its schema, and wraps the answer in `{data: …}` with the
 * `status_code` and `request_id` the SDK expects inside it.
 */
export function sdkRoute<Schema extends z.ZodType>(
  app: FastifyInstance,
  services: IdentityServices,
  method: Method,
  path: string,
  bodySchema: Schema,
  handler: (call: SdkCall<z.output<Schema>>) => Promise<object>,
): void {
  app.route({
    method,
    url: path,
    handler: async (request, reply) => {
      const auth = readSdkAuth(request);
      if (!auth)
        throw new IdentityError(
          'public_token_not_found',
          'The Authorization header is missing or malformed.',
        );
      const project = await services.projects.byPublicToken(auth.publicToken);
      const parsed = bodySchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || 'body';
        throw new IdentityError('bad_request', `${field}: ${issue?.message ?? 'is not valid'}`);
      }
      const result = await handler({
        body: parsed.data,
        params: (request.params ?? {}) as Record<string, string>,
        project,
        sessionToken: auth.sessionToken,
        sessions: services.sessionsOf(project),
        context: { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        request,
        answered: () =>
          new Promise((resolve) => {
            if (reply.raw.writableFinished) resolve();
            else reply.raw.once('close', () => resolve());
          }),
      });
      return { data: { status_code: 200, request_id: request.id, ...result } };
    },
  });
}

/** The caller's live session token, or session_not_found. */
export function requireSessionToken(call: SdkCall<unknown>): string {
  if (!call.sessionToken) throw new IdentityError('session_not_found');
  return call.sessionToken;
}
