import { type Db, schema } from '@ballast/db';
import { and, asc, eq } from 'drizzle-orm';
import { protocolId } from '../crypto/tokens.ts';
import { IdentityError } from '../identity-error.ts';
import type { Project } from '../protocol/projects.ts';

const { identityWebauthnRegistrations, identityUsers } = schema;

export type WebauthnRegistrationRow = typeof identityWebauthnRegistrations.$inferSelect;

/** A registration as the protocol shows it (`WebAuthnRegistration`). */
export type ProtocolWebauthnRegistration = {
  webauthn_registration_id: string;
  domain: string;
  user_agent: string;
  authenticator_type: string;
  verified: boolean;
  name: string;
};

export function toProtocolRegistration(row: WebauthnRegistrationRow): ProtocolWebauthnRegistration {
  return {
    webauthn_registration_id: row.id,
    domain: row.domain,
    user_agent: row.userAgent,
    // Not stored (the table has no column for it); the same value `users/protocol-user.ts` shows.
    authenticator_type: 'platform',
    verified: row.verified,
    name: row.name,
  };
}

/** The user's registrations scoped to one RP ID, oldest first. */
export async function listRegistrations(
  db: Db,
  userId: string,
  rpId: string,
): Promise<WebauthnRegistrationRow[]> {
  return db
    .select()
    .from(identityWebauthnRegistrations)
    .where(
      and(
        eq(identityWebauthnRegistrations.userId, userId),
        eq(identityWebauthnRegistrations.domain, rpId),
      ),
    )
    .orderBy(asc(identityWebauthnRegistrations.createdAt));
}

/** The registration holding a credential id, if it belongs to a user of this project. */
export async function findRegistrationByCredential(
  db: Db,
  project: Project,
  credentialId: string,
): Promise<WebauthnRegistrationRow | undefined> {
  const [row] = await db
    .select({ registration: identityWebauthnRegistrations })
    .from(identityWebauthnRegistrations)
    .innerJoin(identityUsers, eq(identityUsers.id, identityWebauthnRegistrations.userId))
    .where(
      and(
        eq(identityWebauthnRegistrations.credentialId, credentialId),
        eq(identityUsers.projectId, project.id),
      ),
    );
  return row?.registration;
}

export async function insertRegistration(
  db: Db,
  project: Project,
  input: {
    userId: string;
    credentialId: string;
    publicKey: Uint8Array;
    signCount: number;
    transports: string[];
    name: string;
    domain: string;
    userAgent: string;
  },
): Promise<WebauthnRegistrationRow> {
  // Credential ids are unique across the table (any project), so look first to answer politely.
  const [existing] = await db
    .select({ id: identityWebauthnRegistrations.id })
    .from(identityWebauthnRegistrations)
    .where(eq(identityWebauthnRegistrations.credentialId, input.credentialId));
  if (existing) throw new IdentityError('duplicate_webauthn_registration');
  const [row] = await db
    .insert(identityWebauthnRegistrations)
    .values({ id: protocolId('webauthn-registration', project.environment), ...input })
    .onConflictDoNothing({ target: identityWebauthnRegistrations.credentialId })
    .returning();
  // Lost a race with a concurrent registration of the very same credential.
  if (!row) throw new IdentityError('duplicate_webauthn_registration');
  return row;
}

/**
 * Records the authenticator's new signature counter, only if nobody recorded another since it
 * was read: of two assertions verified against the same counter, only one may count.
 */
export async function advanceSignCount(
  db: Db,
  row: WebauthnRegistrationRow,
  newCount: number,
): Promise<boolean> {
  const updated = await db
    .update(identityWebauthnRegistrations)
    .set({ signCount: newCount })
    .where(
      and(
        eq(identityWebauthnRegistrations.id, row.id),
        eq(identityWebauthnRegistrations.signCount, row.signCount),
      ),
    )
    .returning({ id: identityWebauthnRegistrations.id });
  return updated.length === 1;
}

/** Renames one of the user's registrations, or webauthn_registration_not_found. */
export async function renameRegistration(
  db: Db,
  userId: string,
  registrationId: string,
  name: string,
): Promise<WebauthnRegistrationRow> {
  const [row] = await db
    .update(identityWebauthnRegistrations)
    .set({ name })
    .where(
      and(
        eq(identityWebauthnRegistrations.id, registrationId),
        eq(identityWebauthnRegistrations.userId, userId),
      ),
    )
    .returning();
  if (!row) throw new IdentityError('webauthn_registration_not_found');
  return row;
}
