import { type Db, schema } from '@ballast/db';
import { hashPassword } from '../crypto/password-hash.ts';
import { protocolId } from '../crypto/tokens.ts';
import type { Project } from '../protocol/projects.ts';
import { findUserByEmail, normalizeEmail } from './user-store.ts';

const { identityUsers, identityEmails } = schema;

export type PasswordUserSeed = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  trustedMetadata?: Record<string, unknown>;
};

/**
 * A user with a verified address and a password, created once; a later call finds it and leaves
 * it as it is (a changed password stays changed). For seeded demo and test accounts.
 */
export async function ensurePasswordUser(
  db: Db,
  project: Project,
  seed: PasswordUserSeed,
): Promise<string> {
  const existing = await findUserByEmail(db, project, seed.email);
  if (existing) return existing.userId;
  const userId = protocolId('user', project.environment);
  const passwordHash = await hashPassword(seed.password);
  await db.transaction(async (tx) => {
    await tx.insert(identityUsers).values({
      id: userId,
      projectId: project.id,
      firstName: seed.firstName,
      lastName: seed.lastName,
      trustedMetadata: seed.trustedMetadata ?? {},
      passwordHash,
      passwordId: protocolId('password', project.environment),
    });
    await tx.insert(identityEmails).values({
      id: protocolId('email', project.environment),
      userId,
      projectId: project.id,
      email: normalizeEmail(seed.email),
      verified: true,
    });
  });
  return userId;
}

/** The first project this service holds, if any: the one a fresh demo created. */
export async function findFirstProjectToken(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ publicToken: schema.identityProjects.publicToken })
    .from(schema.identityProjects)
    .orderBy(schema.identityProjects.createdAt)
    .limit(1);
  return row?.publicToken;
}
