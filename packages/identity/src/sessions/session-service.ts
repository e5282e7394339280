import type { SignInMethodName } from '@ballast/contract';
import { schema } from '@ballast/db';
import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { hashSecret, protocolId, randomToken } from '../crypto/tokens.ts';
import { IdentityError } from '../identity-error.ts';
import type { IdentityOptions, UserSignInPolicy } from '../identity-options.ts';
import { getProtocolUser, type ProtocolUser } from '../users/protocol-user.ts';
import { type AuthenticationFactor, mergeFactors } from './authentication-factor.ts';
import { SESSION_JWT_ALGORITHM, type SigningKeys } from './signing-keys.ts';

const { identitySessions, identityTotps } = schema;

export type ProtocolSession = {
  session_id: string;
  user_id: string;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  attributes: { ip_address: string; user_agent: string };
  authentication_factors: AuthenticationFactor[];
  custom_claims: Record<string, unknown>;
  roles: string[];
};

/** What every successful sign-in answers with, besides the call's own fields. */
export type SessionGrant = {
  user_id: string;
  user: ProtocolUser;
  session: ProtocolSession;
  session_token: string;
  session_jwt: string;
};

export type RequestContext = { ipAddress: string; userAgent: string };

type SessionRow = typeof identitySessions.$inferSelect;

/**
 * A JWT claim for resource servers: whether the user has an authenticator, and whether this
 * session proved it. A session of an enrolled user that has not is a first factor only, and the
 * provider API refuses it until the code is given (decision 005).
 */
export const SECOND_FACTOR_CLAIM = 'https://ballast.app/second_factor';
export type SecondFactorClaim = { enrolled: boolean; proved: boolean };

export function hasProvedSecondFactor(factors: readonly AuthenticationFactor[]): boolean {
  return factors.some((entry) => entry.type === 'totp' || entry.type === 'recovery_code');
}

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * The way of signing in a factor stands for, as a sign-in policy names it; null for the factors
 * that complete or stand in for a sign-in (an authenticator code, a recovery code, impersonation).
 */
function methodOf(factor: AuthenticationFactor): SignInMethodName | null {
  switch (factor.type) {
    case 'password':
      return 'password';
    case 'magic_link':
      return 'email_link';
    case 'otp':
      return factor.delivery_method === 'email' ? 'email_code' : 'sms_code';
    case 'webauthn':
      return 'passkey';
    case 'oauth':
      return 'oauth';
    case 'crypto':
      return 'wallet';
    default:
      return null;
  }
}

export function createSessionService(
  { db, limits, signInPolicy }: Pick<IdentityOptions, 'db' | 'limits' | 'signInPolicy'>,
  keys: SigningKeys,
  project: { id: string; environment: 'test' | 'live' },
) {
  function durationOf(requested: number | undefined): number {
    const minutes = requested ?? limits.sessionDurationMinutes.default;
    if (!Number.isInteger(minutes) || minutes < 5 || minutes > limits.sessionDurationMinutes.max) {
      throw new IdentityError('invalid_session_duration');
    }
    return minutes;
  }

  function toProtocol(row: SessionRow, roles: string[]): ProtocolSession {
    return {
      session_id: row.id,
      user_id: row.userId,
      started_at: row.startedAt.toISOString(),
      last_accessed_at: row.lastAccessedAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      attributes: { ip_address: row.ipAddress, user_agent: row.userAgent },
      authentication_factors: row.authenticationFactors as AuthenticationFactor[],
      custom_claims: row.impersonatorId ? { impersonator_id: row.impersonatorId } : {},
      roles,
    };
  }

  async function signJwt(
    session: ProtocolSession,
    secondFactor: SecondFactorClaim,
  ): Promise<string> {
    const key = await keys.current();
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = Math.floor(Date.parse(session.expires_at) / 1000);
    return new SignJWT({
      'https://stytch.com/session': {
        id: session.session_id,
        started_at: session.started_at,
        last_accessed_at: session.last_accessed_at,
        expires_at: session.expires_at,
        attributes: session.attributes,
        authentication_factors: session.authentication_factors,
      },
      ...session.custom_claims,
      [SECOND_FACTOR_CLAIM]: secondFactor,
    })
      .setProtectedHeader({ alg: SESSION_JWT_ALGORITHM, kid: key.kid, typ: 'JWT' })
      .setSubject(session.user_id)
      .setIssuer(`stytch.com/${project.id}`)
      .setAudience([project.id])
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(Math.min(now + limits.sessionJwtMinutes * 60, expiresAt))
      .sign(key.privateKey);
  }

  async function grant(row: SessionRow, token: string, user: ProtocolUser): Promise<SessionGrant> {
    const session = toProtocol(row, user.roles);
    const secondFactor = {
      enrolled: user.totps.some((totp) => totp.verified),
      proved: hasProvedSecondFactor(session.authentication_factors),
    };
    return {
      user_id: user.user_id,
      user,
      session,
      session_token: token,
      session_jwt: await signJwt(session, secondFactor),
    };
  }

  /** The live session behind a token, or session_not_found: expired, revoked or unknown alike. */
  async function findLive(token: string): Promise<SessionRow> {
    const [row] = await db
      .select()
      .from(identitySessions)
      .where(
        and(
          eq(identitySessions.tokenHash, hashSecret(token)),
          // A token is worth nothing under another project's public token.
          eq(identitySessions.projectId, project.id),
          isNull(identitySessions.revokedAt),
        ),
      );
    if (!row || row.expiresAt.getTime() <= Date.now()) throw new IdentityError('session_not_found');
    return row;
  }

  /**
   * The user a session is for and their firm's sign-in policy, read together (on the embedded
   * database each statement waits its turn in one queue). A user the host has made inactive
   * starts no session and renews none (decision 022).
   */
  async function activeUser(
    userId: string,
  ): Promise<{ user: ProtocolUser; policy: UserSignInPolicy | undefined }> {
    const [user, policy] = await Promise.all([getProtocolUser(db, userId), signInPolicy?.(userId)]);
    if (user.status === 'inactive') throw new IdentityError('user_inactive');
    return { user, policy };
  }

  return {
    findLive,

    /**
     * The live session behind a token, if it may change how its user signs in: a user with an
     * authenticator must have given its code in this session first.
     */
    async findWithEverySecondFactor(token: string): Promise<SessionRow> {
      const row = await findLive(token);
      const [enrolled] = await db
        .select({ id: identityTotps.id })
        .from(identityTotps)
        .where(and(eq(identityTotps.userId, row.userId), eq(identityTotps.verified, true)))
        .limit(1);
      if (enrolled && !hasProvedSecondFactor(row.authenticationFactors as AuthenticationFactor[])) {
        throw new IdentityError(
          'unauthorized_action',
          'Enter your authenticator code before changing how you sign in.',
        );
      }
      return row;
    },

    /**
     * Completes a sign-in. Signed in already (`currentToken`), the new factor joins that session;
     * otherwise a new session starts. Either way a fresh token is issued, so a token seen before
     * the sign-in is worth nothing after it.
     */
    async signIn(input: {
      userId: string;
      factor: AuthenticationFactor;
      durationMinutes: number | undefined;
      currentToken: string | undefined;
      context: RequestContext;
      impersonatorId?: string;
      /**
       * The policy method this sign-in counts as, when not the factor's own: a password reset
       * by e-mail is a password sign-in, an invitation's link none (decision 023).
       */
      method?: SignInMethodName | null;
    }): Promise<SessionGrant> {
      const [{ user, policy }, current] = await Promise.all([
        activeUser(input.userId),
        input.currentToken ? findLive(input.currentToken).catch(() => undefined) : undefined,
      ]);
      const method = input.method === undefined ? methodOf(input.factor) : input.method;
      if (policy && method && !policy.methods.includes(method)) {
        throw new IdentityError('sign_in_method_not_offered');
      }
      const minutes = input.impersonatorId
        ? limits.impersonationSessionMinutes
        : Math.min(durationOf(input.durationMinutes), policy?.sessionMinutes ?? Infinity);
      const now = new Date();
      const expiresAt = new Date(now.getTime() + minutes * 60_000);
      const token = randomToken();

      if (current && current.userId === input.userId && !input.impersonatorId) {
        const [row] = await db
          .update(identitySessions)
          .set({
            tokenHash: hashSecret(token),
            lastAccessedAt: now,
            expiresAt: current.impersonatorId ? current.expiresAt : expiresAt,
            authenticationFactors: mergeFactors(
              current.authenticationFactors as AuthenticationFactor[],
              input.factor,
            ),
          })
          .where(eq(identitySessions.id, current.id))
          .returning();
        if (!row) throw new IdentityError('session_not_found');
        return grant(row, token, user);
      }

      const [row] = await db
        .insert(identitySessions)
        .values({
          id: protocolId('session', project.environment),
          projectId: project.id,
          userId: input.userId,
          tokenHash: hashSecret(token),
          startedAt: now,
          lastAccessedAt: now,
          expiresAt,
          authenticationFactors: [input.factor],
          impersonatorId: input.impersonatorId ?? null,
          ipAddress: input.context.ipAddress,
          userAgent: input.context.userAgent.slice(0, 512),
        })
        .returning();
      if (!row) throw new Error('The session could not be stored.');
      return grant(row, token, user);
    },

    /** POST /sessions/authenticate: checks the token, extends the session, signs a fresh JWT. */
    async authenticate(token: string, durationMinutes: number | undefined): Promise<SessionGrant> {
      const current = await findLive(token);
      const { user, policy } = await activeUser(current.userId);
      const now = new Date();
      const extendTo =
        durationMinutes === undefined || current.impersonatorId
          ? current.expiresAt
          : new Date(
              now.getTime() +
                Math.min(durationOf(durationMinutes), policy?.sessionMinutes ?? Infinity) * 60_000,
            );
      const [row] = await db
        .update(identitySessions)
        .set({ lastAccessedAt: now, expiresAt: extendTo })
        .where(eq(identitySessions.id, current.id))
        .returning();
      if (!row) throw new IdentityError('session_not_found');
      return grant(row, token, user);
    },

    async revoke(token: string): Promise<void> {
      const current = await findLive(token);
      await db
        .update(identitySessions)
        .set({ revokedAt: new Date() })
        .where(eq(identitySessions.id, current.id));
    },

    async revokeAllOf(userId: string): Promise<void> {
      await db
        .update(identitySessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(identitySessions.userId, userId), isNull(identitySessions.revokedAt)));
    },
  };
}
