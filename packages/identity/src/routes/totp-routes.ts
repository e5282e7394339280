import { type Db, schema } from '@ballast/db';
import { and, desc, eq, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { protocolId } from '../crypto/tokens.ts';
import { IdentityError } from '../identity-error.ts';
import type { IdentityServices } from '../identity-services.ts';
import { requireSessionToken, type SdkCall, sdkRoute } from '../protocol/sdk-route.ts';
import { type AuthenticationFactor, factor } from '../sessions/authentication-factor.ts';
import type { SessionGrant } from '../sessions/session-service.ts';
import { getProtocolUser } from '../users/protocol-user.ts';
import { generateRecoveryCodes, hashRecoveryCode } from '../users/recovery-codes.ts';
import { matchTotpStep, newTotpSecret, openTotp, sealTotp, totpUri } from '../users/totp-secret.ts';
import { sdkExtras, sessionMinutesField } from './fields.ts';

const { identityTotps } = schema;
const otherTotps = alias(identityTotps, 'other_totps');

type TotpRow = typeof identityTotps.$inferSelect;

/** The SDK's documented default, minimum and maximum for `expiration_minutes`. */
const ENROLMENT_MINUTES = { default: 60, min: 5, max: 1440 };
/**
 * Six digits with three steps accepted are one in ~333,000 a guess; five guesses a minute and
 * twenty an hour per user (codes and recovery codes together) put a brute force at years.
 */
const ATTEMPTS = [
  { limit: 5, windowSeconds: 60 },
  { limit: 20, windowSeconds: 60 * 60 },
];
/** Losing the compare-and-set this often means the code is being raced; the last loser fails. */
const MAX_CLAIM_TRIES = 3;

/**
 * The TOTP a code is checked against: the verified one, or else the newest enrolment still
 * waiting for its first code.
 */
async function findCurrentTotp(db: Db, userId: string): Promise<TotpRow | undefined> {
  const [row] = await db
    .select()
    .from(identityTotps)
    .where(eq(identityTotps.userId, userId))
    .orderBy(desc(identityTotps.verified), desc(identityTotps.createdAt))
    .limit(1);
  return row;
}

export function registerTotpRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db, project: settings } = services.options;

  async function limitAttempts(userId: string): Promise<void> {
    for (const { limit, windowSeconds } of ATTEMPTS) {
      await services.rates.hit(`totp:attempt:${windowSeconds}:${userId}`, limit, windowSeconds);
    }
  }

  /**
   * Adds the factor to the caller's own session. `signIn` starts a new session when the current
   * one has gone in the meantime; a TOTP alone must never make one, so that is undone.
   */
  async function addFactor(
    call: SdkCall<{ session_duration_minutes?: number | undefined }>,
    token: string,
    sessionId: string,
    userId: string,
    proved: AuthenticationFactor,
  ): Promise<SessionGrant> {
    const grant = await call.sessions.signIn({
      userId,
      factor: proved,
      durationMinutes: call.body.session_duration_minutes,
      currentToken: token,
      context: call.context,
    });
    if (grant.session.session_id !== sessionId) {
      await call.sessions.revoke(grant.session_token);
      throw new IdentityError('session_not_found');
    }
    return grant;
  }

  /**
   * Checks a code and records its step, so neither it nor any older code works again. Verifies a
   * pending enrolment on its first good code. Answers the TOTP's id.
   */
  async function redeemCode(userId: string, code: string): Promise<string> {
    for (let attempt = 0; attempt < MAX_CLAIM_TRIES; attempt++) {
      const row = await findCurrentTotp(db, userId);
      if (!row) throw new IdentityError('totps_not_found_for_user');
      const sealed = openTotp(services.box, row.secretCiphertext);
      const now = Date.now();
      if (!row.verified && sealed.enrol_by <= now) throw new IdentityError('expired_totp');
      const step = matchTotpStep(sealed.secret, code, now);
      if (step === undefined) throw new IdentityError('invalid_code');
      if (sealed.last_step !== null && step <= sealed.last_step) {
        throw new IdentityError('totp_code_already_authenticated');
      }
      const claimed = await db
        .update(identityTotps)
        .set({
          secretCiphertext: sealTotp(services.box, { ...sealed, last_step: step }),
          verified: true,
        })
        .where(
          and(
            eq(identityTotps.id, row.id),
            // Unchanged since read: of two requests with the same code, one gets through.
            eq(identityTotps.secretCiphertext, row.secretCiphertext),
            // One verified TOTP per user, even if two enrolments race to their first code.
            row.verified
              ? undefined
              : notExists(
                  db
                    .select({ id: otherTotps.id })
                    .from(otherTotps)
                    .where(and(eq(otherTotps.userId, userId), eq(otherTotps.verified, true))),
                ),
          ),
        )
        .returning({ id: identityTotps.id });
      if (claimed.length === 1) {
        if (!row.verified) {
          await db
            .delete(identityTotps)
            .where(and(eq(identityTotps.userId, userId), eq(identityTotps.verified, false)));
        }
        return row.id;
      }
    }
    throw new IdentityError('totp_code_already_authenticated');
  }

  sdkRoute(
    app,
    services,
    'POST',
    '/totps',
    z.object({
      expiration_minutes: z
        .number()
        .int()
        .min(ENROLMENT_MINUTES.min)
        .max(ENROLMENT_MINUTES.max)
        .optional(),
    }),
    async (call) => {
      const session = await call.sessions.findLive(requireSessionToken(call));
      const userId = session.userId;
      await services.rates.hit(`totp:create:${userId}`, 10, 60);
      const secret = newTotpSecret();
      const recoveryCodes = generateRecoveryCodes();
      const totpId = protocolId('totp', call.project.environment);
      const minutes = call.body.expiration_minutes ?? ENROLMENT_MINUTES.default;
      await db.transaction(async (tx) => {
        const [verified] = await tx
          .select({ id: identityTotps.id })
          .from(identityTotps)
          .where(and(eq(identityTotps.userId, userId), eq(identityTotps.verified, true)));
        if (verified) throw new IdentityError('active_totp_exists');
        // A new enrolment replaces one never confirmed, so a lost QR code never blocks anyone.
        await tx
          .delete(identityTotps)
          .where(and(eq(identityTotps.userId, userId), eq(identityTotps.verified, false)));
        await tx.insert(identityTotps).values({
          id: totpId,
          userId,
          secretCiphertext: sealTotp(services.box, {
            v: 1,
            secret,
            enrol_by: Date.now() + minutes * 60_000,
            last_step: null,
          }),
          verified: false,
          recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
        });
      });
      const user = await getProtocolUser(db, userId);
      const label = user.emails[0]?.email ?? user.phone_numbers[0]?.phone_number ?? user.user_id;
      const qrCode = await QRCode.toDataURL(totpUri(secret, settings.projectName, label));
      // The secret and the recovery codes are shown this once; only the seal and hashes remain.
      return {
        user_id: userId,
        totp_id: totpId,
        secret,
        qr_code: qrCode,
        recovery_codes: recoveryCodes,
        __user: user,
      };
    },
  );

  sdkRoute(
    app,
    services,
    'POST',
    '/totps/authenticate',
    z.object({
      totp_code: z.string().max(64),
      session_duration_minutes: sessionMinutesField,
      ...sdkExtras,
    }),
    async (call) => {
      const token = requireSessionToken(call);
      const session = await call.sessions.findLive(token);
      await limitAttempts(session.userId);
      const totpId = await redeemCode(session.userId, call.body.totp_code.trim());
      const grant = await addFactor(
        call,
        token,
        session.id,
        session.userId,
        factor('totp', 'authenticator_app', { authenticator_app_factor: { totp_id: totpId } }),
      );
      return { ...grant, totp_id: totpId };
    },
  );

  sdkRoute(
    app,
    services,
    'POST',
    '/totps/recover',
    z.object({
      recovery_code: z.string().max(64),
      session_duration_minutes: sessionMinutesField,
      ...sdkExtras,
    }),
    async (call) => {
      const token = requireSessionToken(call);
      const session = await call.sessions.findLive(token);
      await limitAttempts(session.userId);
      const hash = hashRecoveryCode(call.body.recovery_code);
      // Removing the hash is the check: of concurrent uses of one code, one update matches.
      const [used] = await db
        .update(identityTotps)
        .set({ recoveryCodeHashes: sql`${identityTotps.recoveryCodeHashes} - ${hash}::text` })
        .where(
          and(
            eq(identityTotps.userId, session.userId),
            // Codes of an enrolment never confirmed are not yet a way in.
            eq(identityTotps.verified, true),
            sql`${identityTotps.recoveryCodeHashes} @> jsonb_build_array(${hash}::text)`,
          ),
        )
        .returning({ id: identityTotps.id });
      if (!used) throw new IdentityError('invalid_recovery_code');
      const grant = await addFactor(
        call,
        token,
        session.id,
        session.userId,
        // Codes are kept only as hashes, so the used one gets a fresh id instead of its own.
        factor('recovery_code', 'recovery_code', {
          recovery_code_factor: {
            totp_recovery_code_id: protocolId('totp-recovery-code', call.project.environment),
          },
        }),
      );
      return { ...grant, totp_id: used.id };
    },
  );

  sdkRoute(app, services, 'POST', '/totps/recovery_codes', z.object({}).loose(), async (call) => {
    const session = await call.sessions.findLive(requireSessionToken(call));
    const totp = await findCurrentTotp(db, session.userId);
    if (!totp) throw new IdentityError('totps_not_found_for_user');
    // Shaped as the SDK's TOTPRecovery (one object). Codes are stored only as hashes and cannot
    // be shown again, so `recovery_codes` is always empty and `recovery_codes_remaining` (our
    // addition) says how many unused ones are left.
    return {
      user_id: session.userId,
      totps: {
        totp_id: totp.id,
        verified: totp.verified,
        recovery_codes: [],
        recovery_codes_remaining: totp.recoveryCodeHashes.length,
      },
    };
  });
}
