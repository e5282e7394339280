import { type Db, schema } from '@ballast/db';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { constantTimeEqual, hashSecret } from '../crypto/tokens.ts';
import { issueToken } from '../one-time-tokens.ts';
import type { Project } from '../protocol/projects.ts';
import { nonceOf } from './siwe-challenge.ts';

const { identityOneTimeTokens } = schema;

/** How long a wallet has to sign a challenge; the message's Expiration Time says the same. */
export const CHALLENGE_MINUTES = 5;

/** Start calls allowed per address and minute, which bounds how many can be live at once. */
export const STARTS_PER_ADDRESS_PER_MINUTE = 10;

/** Fixed rate windows can straddle a lifetime, hence one window more than the lifetime holds. */
const MAX_LIVE_CHALLENGES = STARTS_PER_ADDRESS_PER_MINUTE * (CHALLENGE_MINUTES + 1);

export type CryptoChallenge = {
  id: string;
  message: string;
  /** Set for a secondary start: the signed-in user the wallet will be added to. */
  userId: string | null;
};

/** Keeps a challenge as a one-time token: the nonce is its secret, the address its method. */
export async function issueChallenge(
  db: Db,
  project: Project,
  input: { address: string; message: string; nonce: string; userId: string | undefined },
): Promise<void> {
  await issueToken(db, project, {
    kind: 'crypto_challenge',
    secret: input.nonce,
    minutes: CHALLENGE_MINUTES,
    methodId: input.address,
    userId: input.userId,
    details: { message: input.message },
  });
}

/**
 * The address's live challenges, newest first. All of them are candidates, not only the newest:
 * anyone may start a challenge for any address, so "newest only" would let a stranger cancel the
 * one a wallet is signing just by asking for another.
 */
export async function findLiveChallenges(
  db: Db,
  project: Project,
  address: string,
): Promise<CryptoChallenge[]> {
  const rows = await db
    .select()
    .from(identityOneTimeTokens)
    .where(
      and(
        eq(identityOneTimeTokens.projectId, project.id),
        eq(identityOneTimeTokens.kind, 'crypto_challenge'),
        eq(identityOneTimeTokens.methodId, address),
        isNull(identityOneTimeTokens.usedAt),
        gt(identityOneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(identityOneTimeTokens.createdAt))
    .limit(MAX_LIVE_CHALLENGES);
  return rows.flatMap((row) => {
    const message = row.details.message;
    // The stored text must be the one whose nonce this token was issued for.
    if (typeof message !== 'string') return [];
    if (!constantTimeEqual(hashSecret(nonceOf(message)), row.tokenHash)) return [];
    return [{ id: row.id, message, userId: row.userId }];
  });
}
