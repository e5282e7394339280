import { type Db, schema } from '@ballast/db';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashSecret, protocolId } from './crypto/tokens.ts';
import type { Project } from './protocol/projects.ts';

const { identityOneTimeTokens } = schema;

export type OneTimeTokenKind =
  | 'magic_link'
  | 'password_reset'
  | 'otp'
  | 'impersonation'
  | 'oauth_state'
  | 'oauth'
  | 'webauthn_challenge'
  | 'crypto_challenge'
  | 'idp_code';

export type OneTimeToken = typeof identityOneTimeTokens.$inferSelect;

/** Stores the hash of a fresh secret; only the caller ever sees the secret itself. */
export async function issueToken(
  db: Db,
  project: Project,
  input: {
    kind: OneTimeTokenKind;
    secret: string;
    minutes: number;
    userId?: string;
    methodId?: string;
    codeChallenge?: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(identityOneTimeTokens).values({
    id: protocolId('token', project.environment),
    projectId: project.id,
    kind: input.kind,
    userId: input.userId ?? null,
    tokenHash: hashSecret(input.secret),
    methodId: input.methodId ?? null,
    codeChallenge: input.codeChallenge ?? null,
    details: input.details ?? {},
    expiresAt: new Date(Date.now() + input.minutes * 60_000),
  });
}

/** Neither used up nor expired, judged by the database's clock. */
function isLive() {
  return and(isNull(identityOneTimeTokens.usedAt), gt(identityOneTimeTokens.expiresAt, sql`now()`));
}

/** The unused, unexpired token with this secret, without using it up. */
export async function findLiveToken(
  db: Db,
  project: Project | undefined,
  kind: OneTimeTokenKind,
  secret: string,
): Promise<OneTimeToken | undefined> {
  const [row] = await db
    .select()
    .from(identityOneTimeTokens)
    .where(
      and(
        // Undefined only where the caller cannot know the project (the OAuth token endpoint);
        // the row then says which project the token belongs to.
        project ? eq(identityOneTimeTokens.projectId, project.id) : undefined,
        eq(identityOneTimeTokens.kind, kind),
        eq(identityOneTimeTokens.tokenHash, hashSecret(secret)),
        isLive(),
      ),
    );
  return row;
}

/**
 * Uses a token up. The update only succeeds while the token is unused, so of any number of
 * concurrent redemptions exactly one gets `true`.
 */
export async function claimToken(db: Db, tokenId: string): Promise<boolean> {
  const claimed = await db
    .update(identityOneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(identityOneTimeTokens.id, tokenId), isLive()))
    .returning({ id: identityOneTimeTokens.id });
  return claimed.length === 1;
}

/** Retires every live token of a kind sent to one address, so only the newest works. */
export async function cancelTokensFor(
  db: Db,
  kind: OneTimeTokenKind,
  methodId: string,
): Promise<void> {
  await db
    .update(identityOneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(identityOneTimeTokens.kind, kind),
        eq(identityOneTimeTokens.methodId, methodId),
        isNull(identityOneTimeTokens.usedAt),
      ),
    );
}

/** The newest live token of a kind for one address (one-time passcodes are looked up this way). */
export async function findNewestLiveTokenFor(
  db: Db,
  kind: OneTimeTokenKind,
  methodId: string,
): Promise<OneTimeToken | undefined> {
  const [row] = await db
    .select()
    .from(identityOneTimeTokens)
    .where(
      and(
        eq(identityOneTimeTokens.kind, kind),
        eq(identityOneTimeTokens.methodId, methodId),
        isLive(),
      ),
    )
    .orderBy(desc(identityOneTimeTokens.createdAt))
    .limit(1);
  return row;
}

/** Counts one attempt at a code and answers how many have been made, this one included. */
export async function countAttempt(db: Db, tokenId: string): Promise<number> {
  const [row] = await db
    .update(identityOneTimeTokens)
    .set({ attempts: sql`${identityOneTimeTokens.attempts} + 1` })
    .where(eq(identityOneTimeTokens.id, tokenId))
    .returning({ attempts: identityOneTimeTokens.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}
