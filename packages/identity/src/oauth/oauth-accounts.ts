import { type Db, schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import { protocolId } from '../crypto/tokens.ts';
import type { Project } from '../protocol/projects.ts';
import { findUserByEmail, markEmailVerified, normalizeEmail } from '../users/user-store.ts';
import type { OAuthProfile } from './oauth-profile.ts';

const { identityUsers, identityEmails, identityOauthRegistrations } = schema;

export type OAuthAccount = {
  userId: string;
  registrationId: string;
  /** The address the provider vouched for, as this user's email_id, when there was one. */
  emailId: string | undefined;
  /** A user made by this sign-in goes to the signup redirect URL. */
  isNew: boolean;
};

/**
 * The user a provider's subject signs in as: the one it signed in as before; else the owner of
 * the address the provider verified; else a new user (with that address, verified, if any).
 *
 * Linking by address to an account whose address was never verified is how an account made in
 * advance by someone else (with a password, waiting for its owner) would be taken over. So that
 * link first takes the account back: the password must be reset (by e-mail, which reaches the
 * provider-verified owner) and every session is revoked (`revokeSessionsOf`).
 */
export async function findOrCreateOAuthAccount(
  db: Db,
  project: Project,
  provider: string,
  profile: OAuthProfile,
  revokeSessionsOf: (userId: string) => Promise<void>,
): Promise<OAuthAccount> {
  const email = profile.verifiedEmail ? normalizeEmail(profile.verifiedEmail) : undefined;
  const registration = await findRegistration(db, project, provider, profile.subject);
  if (registration) {
    await db
      .update(identityOauthRegistrations)
      .set({ profilePictureUrl: profile.pictureUrl, locale: profile.locale })
      .where(eq(identityOauthRegistrations.id, registration.id));
    const owned = email ? await findUserByEmail(db, project, email) : undefined;
    return {
      userId: registration.userId,
      registrationId: registration.id,
      emailId: owned?.userId === registration.userId ? owned.emailId : undefined,
      isNew: false,
    };
  }

  const owner = email ? await findUserByEmail(db, project, email) : undefined;
  if (owner) {
    const [stored] = await db
      .select({ verified: identityEmails.verified })
      .from(identityEmails)
      .where(eq(identityEmails.id, owner.emailId));
    if (!stored?.verified) {
      await markEmailVerified(db, owner.emailId);
      if (owner.passwordHash) {
        await db
          .update(identityUsers)
          .set({ passwordResetRequired: true })
          .where(eq(identityUsers.id, owner.userId));
      }
      await revokeSessionsOf(owner.userId);
    }
    const registrationId = await addRegistration(db, project, provider, owner.userId, profile);
    return { userId: owner.userId, registrationId, emailId: owner.emailId, isNew: false };
  }

  const userId = protocolId('user', project.environment);
  const emailId = email ? protocolId('email', project.environment) : undefined;
  const registrationId = protocolId('oauth-user-registration', project.environment);
  await db.transaction(async (tx) => {
    await tx.insert(identityUsers).values({
      id: userId,
      projectId: project.id,
      firstName: profile.givenName,
      lastName: profile.familyName,
    });
    if (email && emailId) {
      await tx
        .insert(identityEmails)
        .values({ id: emailId, userId, projectId: project.id, email, verified: true });
    }
    await tx.insert(identityOauthRegistrations).values({
      id: registrationId,
      userId,
      projectId: project.id,
      provider,
      subject: profile.subject,
      profilePictureUrl: profile.pictureUrl,
      locale: profile.locale,
    });
  });
  return { userId, registrationId, emailId, isNew: true };
}

async function findRegistration(db: Db, project: Project, provider: string, subject: string) {
  const [row] = await db
    .select()
    .from(identityOauthRegistrations)
    .where(
      and(
        eq(identityOauthRegistrations.projectId, project.id),
        eq(identityOauthRegistrations.provider, provider),
        eq(identityOauthRegistrations.subject, subject),
      ),
    );
  return row;
}

/** Adds the registration; when a concurrent sign-in added it first, answers that one. */
async function addRegistration(
  db: Db,
  project: Project,
  provider: string,
  userId: string,
  profile: OAuthProfile,
): Promise<string> {
  await db
    .insert(identityOauthRegistrations)
    .values({
      id: protocolId('oauth-user-registration', project.environment),
      userId,
      projectId: project.id,
      provider,
      subject: profile.subject,
      profilePictureUrl: profile.pictureUrl,
      locale: profile.locale,
    })
    .onConflictDoNothing();
  const row = await findRegistration(db, project, provider, profile.subject);
  if (!row) throw new Error('The OAuth registration could not be stored.');
  return row.id;
}
