import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { IdentityServices } from '../identity-services.ts';
import { requireSessionToken, sdkRoute } from '../protocol/sdk-route.ts';
import { sessionMinutesField } from './fields.ts';

export function registerSessionRoutes(app: FastifyInstance, services: IdentityServices): void {
  sdkRoute(
    app,
    services,
    'POST',
    '/sessions/authenticate',
    z.object({ session_duration_minutes: sessionMinutesField }),
    async (call) =>
      call.sessions.authenticate(requireSessionToken(call), call.body.session_duration_minutes),
  );

  sdkRoute(app, services, 'POST', '/sessions/revoke', z.object({}).loose(), async (call) => {
    await call.sessions.revoke(requireSessionToken(call));
    return {};
  });
}
