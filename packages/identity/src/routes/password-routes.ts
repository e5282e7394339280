import { type Db, schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../crypto/password-hash.ts';
import { constantTimeEqual, pkceChallengeOf, protocolId, randomToken } from '../crypto/tokens.ts';
import { IdentityError } from '../identity-error.ts';
import type { IdentityServices } from '../identity-services.ts';
import { claimToken, findLiveToken, issueToken, type OneTimeToken } from '../one-time-tokens.ts';
import { passwordResetEmail } from '../outgoing-messages.ts';
import type { Project } from '../protocol/projects.ts';
import { requireSessionToken, sdkRoute } from '../protocol/sdk-route.ts';
import { linkWithToken, projectFor, redirectUrl } from '../redirect-urls.ts';
import { factor } from '../sessions/authentication-factor.ts';
import { checkPasswordStrength } from '../users/password-strength.ts';
import {
  findUserByEmail,
  markEmailVerified,
  normalizeEmail,
  type UserByEmail,
} from '../users/user-store.ts';
import { emailField, sdkExtras, sessionMinutesField } from './fields.ts';

const { identityUsers } = schema;

function passwordFactor(user: { emailId: string; email: string }) {
  return factor('password', 'knowledge', {
    email_factor: { email_id: user.emailId, email_address: user.email },
  });
}

async function storePassword(db: Db, userId: string, password: string): Promise<void> {
  await db
    .update(identityUsers)
    .set({
      passwordHash: await hashPassword(password),
      passwordId: protocolId('password', 'live'),
      passwordResetRequired: false,
    })
    .where(eq(identityUsers.id, userId));
}

/** PKCE: a token issued with a challenge is redeemed only with the verifier behind it. */
export function checkPkce(token: OneTimeToken, verifier: string | undefined): void {
  if (!token.codeChallenge) return;
  if (!verifier || !constantTimeEqual(pkceChallengeOf(verifier), token.codeChallenge)) {
    throw new IdentityError('pkce_mismatch');
  }
}

export function registerPasswordRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db, project: settings, limits } = services.options;

  async function requireStrong(password: string, email: string): Promise<void> {
    const strength = await checkPasswordStrength(password, settings.passwordPolicy, [email]);
    if (!strength.valid_password) throw new IdentityError('weak_password');
  }

  /**
   * Checks a password the way a locked or unknown address cannot be told apart from a wrong
   * password: the same error, after the same amount of hashing work.
   */
  async function verifyCredentials(
    project: Project,
    email: string,
    password: string,
  ): Promise<UserByEmail> {
    const lockKey = `${project.id}:password:${normalizeEmail(email)}`;
    // Read together: on the embedded database each statement waits its turn in one queue.
    const [user, failures] = await Promise.all([
      findUserByEmail(db, project, email),
      services.rates.failuresOf(lockKey),
    ]);
    const matches = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    const locked = failures?.locked ?? false;
    if (!user?.passwordHash || !matches || locked) {
      if (!locked)
        await services.rates.recordFailure(
          lockKey,
          limits.lockout.failures,
          limits.lockout.minutes,
        );
      throw new IdentityError('unauthorized_credentials');
    }
    if (failures) await services.rates.clear(lockKey);
    // A hash of an earlier scheme is replaced the first time its password is known (decision 031).
    if (needsRehash(user.passwordHash)) {
      await db
        .update(identityUsers)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(identityUsers.id, user.userId));
    }
    if (user.passwordResetRequired) throw new IdentityError('reset_password');
    return user;
  }

  sdkRoute(
    app,
    services,
    'POST',
    '/passwords',
    z.object({
      email: emailField,
      password: z.string().min(1).max(256),
      session_duration_minutes: sessionMinutesField,
      ...sdkExtras,
    }),
    async (call) => {
      await services.rates.hit(`passwords:create:${call.context.ipAddress}`, 20, 60);
      if (await findUserByEmail(db, call.project, call.body.email))
        throw new IdentityError('duplicate_email');
      await requireStrong(call.body.password, call.body.email);
      const userId = protocolId('user', call.project.environment);
      const emailId = protocolId('email', call.project.environment);
      const email = normalizeEmail(call.body.email);
      const passwordHash = await hashPassword(call.body.password);
      await db.transaction(async (tx) => {
        await tx.insert(identityUsers).values({
          id: userId,
          projectId: call.project.id,
          passwordHash,
          passwordId: protocolId('password', call.project.environment),
        });
        await tx
          .insert(schema.identityEmails)
          .values({ id: emailId, userId, projectId: call.project.id, email });
      });
      const grant = await call.sessions.signIn({
        userId,
        factor: passwordFactor({ emailId, email }),
        durationMinutes: call.body.session_duration_minutes,
        currentToken: call.sessionToken,
        context: call.context,
      });
      return { ...grant, email_id: emailId };
    },
  );

  sdkRoute(
    app,
    services,
    'POST',
    '/passwords/authenticate',
    z.object({
      email: emailField,
      password: z.string().max(256),
      session_duration_minutes: sessionMinutesField,
      ...sdkExtras,
    }),
    async (call) => {
      await Promise.all([
        services.rates.hit(`passwords:auth:ip:${call.context.ipAddress}`, 60, 60),
        services.rates.hit(`passwords:auth:email:${normalizeEmail(call.body.email)}`, 30, 60),
      ]);
      const user = await verifyCredentials(call.project, call.body.email, call.body.password);
      return call.sessions.signIn({
        userId: user.userId,
        factor: passwordFactor(user),
        durationMinutes: call.body.session_duration_minutes,
        currentToken: call.sessionToken,
        context: call.context,
      });
    },
  );

  sdkRoute(
    app,
    services,
    'POST',
    '/passwords/strength_check',
    z.object({ email: z.string().optional(), password: z.string().max(256) }),
    async (call) => {
      await services.rates.hit(`passwords:strength:${call.context.ipAddress}`, 120, 60);
      return checkPasswordStrength(
        call.body.password,
        settings.passwordPolicy,
        call.body.email ? [call.body.email] : [],
      );
    },
  );

  sdkRoute(
    app,
    services,
    'POST',
    '/passwords/email/reset/start',
    z.object({
      email: emailField,
      login_redirect_url: z.string().optional(),
      reset_password_redirect_url: z.string().optional(),
      reset_password_expiration_minutes: z
        .number()
        .int()
        .min(5)
        .max(60 * 24 * 7)
        .optional(),
      reset_password_template_id: z.string().optional(),
      code_challenge: z.string().optional(),
      locale: z.string().optional(),
      ...sdkExtras,
    }),
    async (call) => {
      const email = normalizeEmail(call.body.email);
      await services.rates.hit(`passwords:reset:ip:${call.context.ipAddress}`, 30, 60);
      await services.rates.hit(`passwords:reset:email:${email}`, 1, 1);
      const links = projectFor(services.options, call.request);
      const target = redirectUrl(
        links,
        call.body.reset_password_redirect_url,
        links.defaultResetPasswordRedirectUrl,
      );
      if (settings.pkceRequiredForPasswordResets && !call.body.code_challenge) {
        throw new IdentityError('bad_request', 'code_challenge: is required by this project');
      }
      const user = await findUserByEmail(db, call.project, email);
      if (user) {
        services.afterAnswer.run(user.emailId, call.answered, async () => {
          const token = randomToken();
          const minutes =
            call.body.reset_password_expiration_minutes ?? limits.passwordResetMinutes;
          await issueToken(db, call.project, {
            kind: 'password_reset',
            secret: token,
            minutes,
            userId: user.userId,
            methodId: user.emailId,
            ...(call.body.code_challenge ? { codeChallenge: call.body.code_challenge } : {}),
          });
          services.send(
            passwordResetEmail(
              email,
              settings.projectName,
              linkWithToken(target, 'reset_password', token),
              minutes,
            ),
          );
        });
      }
      return {};
    },
  );

  sdkRoute(
    app,
    services,
    'POST',
    '/passwords/email/reset',
    z.object({
      token: z.string().min(1).max(512),
      password: z.string().max(256),
      session_duration_minutes: sessionMinutesField,
      code_verifier: z.string().optional(),
      ...sdkExtras,
    }),
    async (call) => {
      await services.rates.hit(`passwords:reset:redeem:${call.context.ipAddress}`, 30, 60);
      const token = await findLiveToken(db, call.project, 'password_reset', call.body.token);
      if (!token?.userId || !token.methodId)
        throw new IdentityError('unable_to_auth_password_reset_token');
      checkPkce(token, call.body.code_verifier);
      const [user] = await db
        .select()
        .from(schema.identityEmails)
        .where(eq(schema.identityEmails.id, token.methodId));
      if (!user) throw new IdentityError('unable_to_auth_password_reset_token');
      await requireStrong(call.body.password, user.email);
      if (!(await claimToken(db, token.id)))
        throw new IdentityError('unable_to_auth_password_reset_token');
      await storePassword(db, token.userId, call.body.password);
      await markEmailVerified(db, user.id);
      await services.rates.clear(`${call.project.id}:password:${user.email}`);
      await call.sessions.revokeAllOf(token.userId);
      return call.sessions.signIn({
        userId: token.userId,
        factor: factor('magic_link', 'email', {
          email_factor: { email_id: user.id, email_address: user.email },
        }),
        durationMinutes: call.body.session_duration_minutes,
        currentToken: undefined,
        context: call.context,
        // Choosing a new password by an e-mailed link is signing in with a password.
        method: 'password',
      });
    },
  );

  sdkRoute(
    app,
    services,
    'POST',
    '/passwords/existing_password/reset',
    z.object({
      email: emailField,
      existing_password: z.string().max(256),
      new_password: z.string().max(256),
      session_duration_minutes: sessionMinutesField,
      ...sdkExtras,
    }),
    async (call) => {
      await services.rates.hit(`passwords:auth:email:${normalizeEmail(call.body.email)}`, 30, 60);
      const user = await verifyCredentials(
        call.project,
        call.body.email,
        call.body.existing_password,
      ).catch((error: unknown) => {
        // Resetting is exactly how a password that must be reset gets fixed.
        if (error instanceof IdentityError && error.errorType === 'reset_password') {
          return findUserByEmail(db, call.project, call.body.email) as Promise<UserByEmail>;
        }
        throw error;
      });
      if (call.body.existing_password === call.body.new_password) {
        throw new IdentityError('cannot_reset_password_with_existing_password');
      }
      await requireStrong(call.body.new_password, user.email);
      await storePassword(db, user.userId, call.body.new_password);
      await call.sessions.revokeAllOf(user.userId);
      return call.sessions.signIn({
        userId: user.userId,
        factor: passwordFactor(user),
        durationMinutes: call.body.session_duration_minutes,
        currentToken: undefined,
        context: call.context,
      });
    },
  );

  sdkRoute(
    app,
    services,
    'POST',
    '/passwords/session/reset',
    z.object({
      password: z.string().max(256),
      session_duration_minutes: sessionMinutesField,
      ...sdkExtras,
    }),
    async (call) => {
      const current = await call.sessions.findWithEverySecondFactor(requireSessionToken(call));
      const [email] = await db
        .select()
        .from(schema.identityEmails)
        .where(eq(schema.identityEmails.userId, current.userId));
      await requireStrong(call.body.password, email?.email ?? '');
      await storePassword(db, current.userId, call.body.password);
      return call.sessions.authenticate(
        requireSessionToken(call),
        call.body.session_duration_minutes,
      );
    },
  );
}
