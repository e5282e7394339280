import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { IdentityServices } from '../identity-services.ts';
import { claimImpersonationToken } from '../impersonation.ts';
import { sdkRoute } from '../protocol/sdk-route.ts';
import { factor } from '../sessions/authentication-factor.ts';
import { sdkExtras } from './fields.ts';

export function registerImpersonationRoutes(
  app: FastifyInstance,
  services: IdentityServices,
): void {
  const { db } = services.options;

  sdkRoute(
    app,
    services,
    'POST',
    '/impersonation/authenticate',
    z.object({
      impersonation_token: z.string().min(1).max(256),
      // SDK 6.3.0 sends none of its own but passes on whatever the caller adds. It is ignored:
      // an impersonated session lasts impersonationSessionMinutes, whatever anyone asks for.
      session_duration_minutes: z.unknown().optional(),
      ...sdkExtras,
    }),
    async (call) => {
      await services.rates.hit(`impersonation:redeem:${call.context.ipAddress}`, 60, 60);
      const claim = await claimImpersonationToken(db, call.project, call.body.impersonation_token);
      return call.sessions.signIn({
        userId: claim.userId,
        factor: factor('impersonated', 'impersonation', {
          impersonated_factor: {
            impersonator_id: claim.impersonatorId,
            impersonator_email_address: claim.impersonatorEmail,
          },
        }),
        durationMinutes: undefined,
        // Always a session of its own: the impersonator's session and the borrowed one never mix.
        currentToken: undefined,
        context: call.context,
        impersonatorId: claim.impersonatorId,
      });
    },
  );
}
