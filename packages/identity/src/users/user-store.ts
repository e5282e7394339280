import { type Db, schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import { protocolId } from '../crypto/tokens.ts';
import type { Project } from '../protocol/projects.ts';

const { identityUsers, identityEmails, identityPhoneNumbers } = schema;

export type UserByEmail = {
  userId: string;
  emailId: string;
  email: string;
  passwordHash: string | null;
  passwordResetRequired: boolean;
};

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(
  db: Db,
  project: Project,
  email: string,
): Promise<UserByEmail | undefined> {
  const [row] = await db
    .select({
      userId: identityUsers.id,
      emailId: identityEmails.id,
      email: identityEmails.email,
      passwordHash: identityUsers.passwordHash,
      passwordResetRequired: identityUsers.passwordResetRequired,
    })
    .from(identityEmails)
    .innerJoin(identityUsers, eq(identityUsers.id, identityEmails.userId))
    .where(
      and(
        eq(identityEmails.projectId, project.id),
        eq(identityEmails.email, normalizeEmail(email)),
      ),
    );
  return row;
}

/** Finds the user of an address, creating one (with that address unverified) if none exists. */
export async function findOrCreateUserByEmail(
  db: Db,
  project: Project,
  email: string,
): Promise<UserByEmail & { created: boolean }> {
  const existing = await findUserByEmail(db, project, email);
  if (existing) return { ...existing, created: false };
  const userId = protocolId('user', project.environment);
  const emailId = protocolId('email', project.environment);
  await db.transaction(async (tx) => {
    await tx.insert(identityUsers).values({ id: userId, projectId: project.id });
    await tx.insert(identityEmails).values({
      id: emailId,
      userId,
      projectId: project.id,
      email: normalizeEmail(email),
    });
  });
  return {
    userId,
    emailId,
    email: normalizeEmail(email),
    passwordHash: null,
    passwordResetRequired: false,
    created: true,
  };
}

export async function markEmailVerified(db: Db, emailId: string): Promise<void> {
  await db.update(identityEmails).set({ verified: true }).where(eq(identityEmails.id, emailId));
}

export type UserByPhone = { userId: string; phoneId: string; phoneNumber: string };

export async function findUserByPhone(
  db: Db,
  project: Project,
  phoneNumber: string,
): Promise<UserByPhone | undefined> {
  const [row] = await db
    .select({
      userId: identityPhoneNumbers.userId,
      phoneId: identityPhoneNumbers.id,
      phoneNumber: identityPhoneNumbers.phoneNumber,
    })
    .from(identityPhoneNumbers)
    .where(
      and(
        eq(identityPhoneNumbers.projectId, project.id),
        eq(identityPhoneNumbers.phoneNumber, phoneNumber),
      ),
    );
  return row;
}

export async function findOrCreateUserByPhone(
  db: Db,
  project: Project,
  phoneNumber: string,
): Promise<UserByPhone> {
  const existing = await findUserByPhone(db, project, phoneNumber);
  if (existing) return existing;
  const userId = protocolId('user', project.environment);
  const phoneId = protocolId('phone-number', project.environment);
  await db.transaction(async (tx) => {
    await tx.insert(identityUsers).values({ id: userId, projectId: project.id });
    await tx
      .insert(identityPhoneNumbers)
      .values({ id: phoneId, userId, projectId: project.id, phoneNumber });
  });
  return { userId, phoneId, phoneNumber };
}

export async function markPhoneVerified(db: Db, phoneId: string): Promise<void> {
  await db
    .update(identityPhoneNumbers)
    .set({ verified: true })
    .where(eq(identityPhoneNumbers.id, phoneId));
}
