import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  constantTimeEqual,
  hashSecret,
  protocolId,
  randomCode,
  randomToken,
} from '../crypto/tokens.ts';
import type { MessageChannel } from '../delivery/message-transport.ts';
import { IdentityError } from '../identity-error.ts';
import type { IdentityServices } from '../identity-services.ts';
import {
  cancelTokensFor,
  claimToken,
  countAttempt,
  findNewestLiveTokenFor,
  issueToken,
} from '../one-time-tokens.ts';
import { passcodeMessage } from '../outgoing-messages.ts';
import { type SdkCall, sdkRoute } from '../protocol/sdk-route.ts';
import { factor } from '../sessions/authentication-factor.ts';
import {
  findOrCreateUserByEmail,
  findOrCreateUserByPhone,
  findUserByEmail,
  findUserByPhone,
  markEmailVerified,
  markPhoneVerified,
  normalizeEmail,
} from '../users/user-store.ts';
import { emailField, phoneField, sdkExtras, sessionMinutesField } from './fields.ts';

const expiration = z.number().int().min(1).max(10).optional();

type Target = { userId: string; methodId: string; to: string } | undefined;

export function registerOtpRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db, project: settings, limits } = services.options;

  /**
   * Sends a fresh code (cancelling any earlier one) when there is somebody to send it to, and
   * answers with a method_id either way, so the answer never tells whether the address exists.
   */
  async function sendCode(
    { project, answered }: Pick<SdkCall<unknown>, 'project' | 'answered'>,
    channel: MessageChannel,
    target: Target,
    minutes: number | undefined,
  ): Promise<{ method_id: string }> {
    if (!target) {
      return {
        method_id: protocolId(channel === 'email' ? 'email' : 'phone-number', project.environment),
      };
    }
    services.afterAnswer.run(target.methodId, answered, async () => {
      const code = randomCode(6);
      // Six digits repeat; the nonce keeps every stored hash distinct and unlinkable to its code.
      const nonce = randomToken(12);
      const lifetime = minutes ?? limits.otpMinutes;
      await cancelTokensFor(db, 'otp', target.methodId);
      await issueToken(db, project, {
        kind: 'otp',
        secret: `${nonce}:${code}`,
        minutes: lifetime,
        userId: target.userId,
        methodId: target.methodId,
        details: { channel, nonce },
      });
      services.send(passcodeMessage(channel, target.to, settings.projectName, code, lifetime));
    });
    return { method_id: target.methodId };
  }

  async function guard(ip: string, address: string): Promise<void> {
    await services.rates.hit(`otp:ip:${ip}`, 30, 60);
    await services.rates.hit(`otp:to:${address}`, 1, 1);
  }

  const emailBody = z.object({
    email: emailField,
    expiration_minutes: expiration,
    locale: z.string().optional(),
    ...sdkExtras,
  });
  const phoneBody = z.object({
    phone_number: phoneField,
    expiration_minutes: expiration,
    locale: z.string().optional(),
    ...sdkExtras,
  });

  sdkRoute(app, services, 'POST', '/otps/email/login_or_create', emailBody, async (call) => {
    const email = normalizeEmail(call.body.email);
    await guard(call.context.ipAddress, email);
    const user = await findOrCreateUserByEmail(db, call.project, email);
    return sendCode(
      call,
      'email',
      { userId: user.userId, methodId: user.emailId, to: email },
      call.body.expiration_minutes,
    );
  });

  for (const variant of ['primary', 'secondary'] as const) {
    sdkRoute(app, services, 'POST', `/otps/email/send/${variant}`, emailBody, async (call) => {
      const email = normalizeEmail(call.body.email);
      await guard(call.context.ipAddress, email);
      const user = await findUserByEmail(db, call.project, email);
      const target = user ? { userId: user.userId, methodId: user.emailId, to: email } : undefined;
      return sendCode(call, 'email', target, call.body.expiration_minutes);
    });
  }

  for (const channel of ['sms', 'whatsapp'] as const) {
    sdkRoute(app, services, 'POST', `/otps/${channel}/login_or_create`, phoneBody, async (call) => {
      await guard(call.context.ipAddress, call.body.phone_number);
      const user = await findOrCreateUserByPhone(db, call.project, call.body.phone_number);
      return sendCode(
        call,
        channel,
        { userId: user.userId, methodId: user.phoneId, to: user.phoneNumber },
        call.body.expiration_minutes,
      );
    });
    for (const variant of ['primary', 'secondary'] as const) {
      sdkRoute(
        app,
        services,
        'POST',
        `/otps/${channel}/send/${variant}`,
        phoneBody,
        async (call) => {
          await guard(call.context.ipAddress, call.body.phone_number);
          const user = await findUserByPhone(db, call.project, call.body.phone_number);
          const target = user
            ? { userId: user.userId, methodId: user.phoneId, to: user.phoneNumber }
            : undefined;
          return sendCode(call, channel, target, call.body.expiration_minutes);
        },
      );
    }
  }

  sdkRoute(
    app,
    services,
    'POST',
    '/otps/authenticate',
    z.object({
      token: z.string().min(1).max(16),
      method_id: z.string().min(1).max(128),
      session_duration_minutes: sessionMinutesField,
      ...sdkExtras,
    }),
    async (call) => {
      await services.rates.hit(`otp:redeem:${call.context.ipAddress}`, 60, 60);
      const token = await findNewestLiveTokenFor(db, 'otp', call.body.method_id);
      if (!token?.userId || token.projectId !== call.project.id)
        throw new IdentityError('unable_to_auth_otp_code');
      // Every try counts, right or wrong; past the limit the code is dead for good.
      if ((await countAttempt(db, token.id)) > limits.otpMaxAttempts) {
        await claimToken(db, token.id);
        throw new IdentityError('unable_to_auth_otp_code');
      }
      const submitted = hashSecret(`${String(token.details.nonce)}:${call.body.token}`);
      if (!constantTimeEqual(submitted, token.tokenHash)) {
        throw new IdentityError('invalid_code');
      }
      if (!(await claimToken(db, token.id))) throw new IdentityError('unable_to_auth_otp_code');

      const channel = String(token.details.channel ?? 'email');
      if (channel === 'email') {
        const [email] = await db
          .select()
          .from(schema.identityEmails)
          .where(eq(schema.identityEmails.id, call.body.method_id));
        await markEmailVerified(db, call.body.method_id);
        return call.sessions.signIn({
          userId: token.userId,
          factor: factor('otp', 'email', {
            email_factor: { email_id: call.body.method_id, email_address: email?.email ?? '' },
          }),
          durationMinutes: call.body.session_duration_minutes,
          currentToken: call.sessionToken,
          context: call.context,
        });
      }
      const [phone] = await db
        .select()
        .from(schema.identityPhoneNumbers)
        .where(eq(schema.identityPhoneNumbers.id, call.body.method_id));
      await markPhoneVerified(db, call.body.method_id);
      return call.sessions.signIn({
        userId: token.userId,
        factor: factor('otp', channel, {
          phone_number_factor: {
            phone_id: call.body.method_id,
            phone_number: phone?.phoneNumber ?? '',
          },
        }),
        durationMinutes: call.body.session_duration_minutes,
        currentToken: call.sessionToken,
        context: call.context,
      });
    },
  );
}
