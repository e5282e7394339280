import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdentityError } from '../identity-error.ts';
import type { IdentityServices } from '../identity-services.ts';
import { sdkRoute } from '../protocol/sdk-route.ts';
import { findUserByEmail, normalizeEmail } from '../users/user-store.ts';
import { emailField, sdkExtras } from './fields.ts';

/**
 * `POST /users/search` lets the SDK's prebuilt login form choose between a password and a
 * passwordless screen. Its answer says whether an address has an account, which every other call
 * keeps to itself, so it is limited hard per caller and per address (decision 004).
 */
export function registerSearchRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db } = services.options;
  sdkRoute(
    app,
    services,
    'POST',
    '/users/search',
    z.object({ email: emailField, ...sdkExtras }),
    async (call) => {
      await services.rates.hit(`search:ip:${call.context.ipAddress}`, 10, 60);
      await services.rates.hit(`search:email:${normalizeEmail(call.body.email)}`, 5, 60);
      const user = await findUserByEmail(db, call.project, call.body.email);
      const userType = !user ? 'new' : user.passwordHash ? 'password' : 'passwordless';
      return { userType };
    },
  );

  // The business-to-business client's search; a consumer project has no organizations to search.
  sdkRoute(
    app,
    services,
    'POST',
    '/b2b/organizations/members/search',
    z.object({ email_address: z.string(), organization_id: z.string() }),
    async () => {
      throw new IdentityError('organization_not_found');
    },
  );
}
