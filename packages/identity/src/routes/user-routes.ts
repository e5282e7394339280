import { type Db, schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdentityError } from '../identity-error.ts';
import type { IdentityServices } from '../identity-services.ts';
import { requireSessionToken, sdkRoute } from '../protocol/sdk-route.ts';
import { getProtocolUser } from '../users/protocol-user.ts';

const {
  identityUsers,
  identityEmails,
  identityPhoneNumbers,
  identityTotps,
  identityCryptoWallets,
  identityOauthRegistrations,
  identityWebauthnRegistrations,
} = schema;

type FactorTable =
  | typeof identityEmails
  | typeof identityPhoneNumbers
  | typeof identityTotps
  | typeof identityCryptoWallets
  | typeof identityOauthRegistrations
  | typeof identityWebauthnRegistrations;

/** DELETE /users/<segment>/{id}: the path segment and the table of that kind of factor. */
const FACTOR_TABLES: Record<string, FactorTable> = {
  emails: identityEmails,
  phone_numbers: identityPhoneNumbers,
  totps: identityTotps,
  crypto_wallets: identityCryptoWallets,
  oauth: identityOauthRegistrations,
  webauthn_registrations: identityWebauthnRegistrations,
};

async function deleteFactor(db: Db, table: FactorTable, id: string, userId: string): Promise<void> {
  const deleted = await db
    .delete(table as PgTable & FactorTable)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .returning({ id: table.id });
  if (deleted.length === 0) throw new IdentityError('not_found');
}

export function registerUserRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db } = services.options;

  sdkRoute(app, services, 'GET', '/users/me', z.unknown(), async (call) => {
    const session = await call.sessions.findLive(requireSessionToken(call));
    return getProtocolUser(db, session.userId);
  });

  sdkRoute(
    app,
    services,
    'PUT',
    '/users/me',
    z.object({
      untrusted_metadata: z.record(z.string(), z.unknown()).optional(),
      name: z
        .object({
          first_name: z.string().max(256).optional(),
          middle_name: z.string().max(256).optional(),
          last_name: z.string().max(256).optional(),
        })
        .optional(),
    }),
    async (call) => {
      const session = await call.sessions.findLive(requireSessionToken(call));
      const { untrusted_metadata: metadata, name } = call.body;
      if (JSON.stringify(metadata ?? {}).length > 4096) {
        throw new IdentityError(
          'bad_request',
          'untrusted_metadata: must be at most 4096 characters as JSON',
        );
      }
      await db
        .update(identityUsers)
        .set({
          ...(metadata ? { untrustedMetadata: metadata } : {}),
          ...(name?.first_name !== undefined ? { firstName: name.first_name } : {}),
          ...(name?.middle_name !== undefined ? { middleName: name.middle_name } : {}),
          ...(name?.last_name !== undefined ? { lastName: name.last_name } : {}),
        })
        .where(eq(identityUsers.id, session.userId));
      const user = await getProtocolUser(db, session.userId);
      return {
        user_id: user.user_id,
        emails: user.emails,
        phone_numbers: user.phone_numbers,
        crypto_wallets: user.crypto_wallets,
        __user: user,
      };
    },
  );

  for (const [segment, table] of Object.entries(FACTOR_TABLES)) {
    sdkRoute(app, services, 'DELETE', `/users/${segment}/:id`, z.unknown(), async (call) => {
      const session = await call.sessions.findWithEverySecondFactor(requireSessionToken(call));
      await deleteFactor(db, table, call.params.id ?? '', session.userId);
      const user = await getProtocolUser(db, session.userId);
      return { user_id: user.user_id, __user: user };
    });
  }

  // This service registers no biometrics (a mobile-only factor), so there is never one to delete.
  sdkRoute(
    app,
    services,
    'DELETE',
    '/users/biometric_registrations/:id',
    z.unknown(),
    async (call) => {
      await call.sessions.findLive(requireSessionToken(call));
      throw new IdentityError('not_found');
    },
  );
}
