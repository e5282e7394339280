import { schema } from '@ballast/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import { IdentityError } from '../identity-error.ts';
import type { IdentityServices } from '../identity-services.ts';
import { registerSdkErrorHandling } from '../protocol/error-handling.ts';
import type { Project } from '../protocol/projects.ts';
import { SECOND_FACTOR_CLAIM, type SecondFactorClaim } from '../sessions/session-service.ts';
import { getProtocolUser } from '../users/protocol-user.ts';
import { findUserByEmail } from '../users/user-store.ts';

const { identitySessions } = schema;

/** The role an administrator's account carries in its trusted metadata. */
const ADMINISTRATOR = 'ADMINISTRATOR';

const MintBody = z.union([
  z.object({ user_id: z.string().min(1).max(128) }),
  z.object({ email: z.email().max(320) }),
]);

type Administrator = { project: Project; userId: string; email: string };

/**
 * Calls for administrators, outside the SDK's protocol: `POST /v1/admin/impersonation_tokens`
 * mints a single-use token that signs its bearer in as another user. The caller proves who they
 * are with their session JWT, and must hold the ADMINISTRATOR role in the user's trusted
 * metadata, with a live session that is not itself impersonated and has any second factor proved.
 */
export function registerAdminRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db } = services.options;

  async function requireAdministrator(request: FastifyRequest): Promise<Administrator> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new IdentityError('unauthorized_action');
    const jwks = createLocalJWKSet(await services.keys.published());
    const { payload } = await jwtVerify(header.slice('Bearer '.length), jwks).catch(() => {
      throw new IdentityError('unauthorized_action', 'The session JWT is not valid.');
    });
    const audience = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    const session = payload['https://stytch.com/session'] as { id?: unknown } | undefined;
    if (!audience || !payload.sub || typeof session?.id !== 'string')
      throw new IdentityError('unauthorized_action');
    const project = await services.projects.byId(audience);

    // A JWT outlives its session by up to five minutes; a revoked session must not mint.
    const [live] = await db
      .select({ impersonatorId: identitySessions.impersonatorId })
      .from(identitySessions)
      .where(
        and(
          eq(identitySessions.id, session.id),
          eq(identitySessions.userId, payload.sub),
          isNull(identitySessions.revokedAt),
          gt(identitySessions.expiresAt, sql`now()`),
        ),
      );
    const secondFactor = payload[SECOND_FACTOR_CLAIM] as SecondFactorClaim | undefined;
    if (!live || live.impersonatorId || (secondFactor?.enrolled && !secondFactor.proved)) {
      throw new IdentityError('unauthorized_action');
    }
    const user = await getProtocolUser(db, payload.sub);
    const metadata = user.trusted_metadata as { role?: unknown } | null;
    if (metadata?.role !== ADMINISTRATOR) throw new IdentityError('unauthorized_action');
    return { project, userId: user.user_id, email: user.emails[0]?.email ?? '' };
  }

  app.register(
    async (admin: FastifyInstance) => {
      registerSdkErrorHandling(admin);
      admin.post('/impersonation_tokens', async (request) => {
        const administrator = await requireAdministrator(request);
        const body = MintBody.safeParse(request.body ?? {});
        if (!body.success) throw new IdentityError('bad_request', 'Give either user_id or email.');
        const target =
          'user_id' in body.data
            ? body.data.user_id
            : (await findUserByEmail(db, administrator.project, body.data.email))?.userId;
        if (!target) throw new IdentityError('user_not_found');
        if (target === administrator.userId) {
          throw new IdentityError('bad_request', 'An administrator cannot impersonate themselves.');
        }
        const minted = await services.impersonation.mint({
          project: administrator.project,
          userId: target,
          impersonatorId: administrator.userId,
          ...(administrator.email ? { impersonatorEmail: administrator.email } : {}),
        });
        request.log.info(
          { impersonator: administrator.userId, target },
          'impersonation token minted',
        );
        return {
          data: {
            status_code: 200,
            request_id: request.id,
            impersonation_token: minted.token,
            expires_at: minted.expires_at,
          },
        };
      });
    },
    { prefix: '/v1/admin' },
  );
}
