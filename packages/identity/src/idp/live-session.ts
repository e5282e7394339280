import { type Db, schema } from '@ballast/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';

const { identitySessions } = schema;

/**
 * The session a connected app's grant came from, if it is still live. Tokens for an app stand on
 * the user's session with this service: once the user signs out, or the session ends, the app
 * can redeem no code and read no user info, though a JWT already handed out stays valid until
 * it expires, as session JWTs do.
 */
export async function findLiveSession(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<{ expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ expiresAt: identitySessions.expiresAt })
    .from(identitySessions)
    .where(
      and(
        eq(identitySessions.id, sessionId),
        eq(identitySessions.userId, userId),
        isNull(identitySessions.revokedAt),
        gt(identitySessions.expiresAt, sql`now()`),
      ),
    );
  return row;
}
