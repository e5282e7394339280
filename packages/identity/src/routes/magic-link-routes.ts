import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { protocolId, randomToken } from '../crypto/tokens.ts';
import { IdentityError } from '../identity-error.ts';
import type { IdentityServices } from '../identity-services.ts';
import { claimToken, findLiveToken, issueToken } from '../one-time-tokens.ts';
import { magicLinkEmail } from '../outgoing-messages.ts';
import type { SdkCall } from '../protocol/sdk-route.ts';
import { requireSessionToken, sdkRoute } from '../protocol/sdk-route.ts';
import { linkWithToken, projectFor, redirectUrl } from '../redirect-urls.ts';
import { factor } from '../sessions/authentication-factor.ts';
import {
  findOrCreateUserByEmail,
  findUserByEmail,
  markEmailVerified,
  normalizeEmail,
} from '../users/user-store.ts';
import { emailField, sdkExtras, sessionMinutesField } from './fields.ts';
import { checkPkce } from './password-routes.ts';

const SendBody = z.object({
  email: emailField,
  login_magic_link_url: z.string().optional(),
  signup_magic_link_url: z.string().optional(),
  login_expiration_minutes: z
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 7)
    .optional(),
  signup_expiration_minutes: z
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 7)
    .optional(),
  login_template_id: z.string().optional(),
  signup_template_id: z.string().optional(),
  code_challenge: z.string().optional(),
  locale: z.string().optional(),
  ...sdkExtras,
});
type SendBody = z.output<typeof SendBody>;

export function registerMagicLinkRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db, project: settings, limits } = services.options;

  async function sendLink(
    call: SdkCall<SendBody>,
    target: { userId: string; emailId: string; email: string; isNew: boolean },
    attachTo?: string,
  ): Promise<void> {
    const links = projectFor(services.options, call.request);
    const url = target.isNew
      ? redirectUrl(links, call.body.signup_magic_link_url, links.defaultLoginRedirectUrl)
      : redirectUrl(links, call.body.login_magic_link_url, links.defaultLoginRedirectUrl);
    const minutes =
      (target.isNew ? call.body.signup_expiration_minutes : call.body.login_expiration_minutes) ??
      limits.magicLinkMinutes;
    const token = randomToken();
    await issueToken(db, call.project, {
      kind: 'magic_link',
      secret: token,
      minutes,
      userId: target.userId,
      methodId: target.emailId,
      ...(call.body.code_challenge ? { codeChallenge: call.body.code_challenge } : {}),
      ...(attachTo ? { details: { attach_to_user_id: attachTo, email: target.email } } : {}),
    });
    services.send(
      magicLinkEmail(
        target.email,
        settings.projectName,
        linkWithToken(url, 'magic_links', token),
        minutes,
      ),
    );
  }

  async function guardSend(call: SdkCall<SendBody>): Promise<string> {
    const email = normalizeEmail(call.body.email);
    await services.rates.hit(`magic:ip:${call.context.ipAddress}`, 30, 60);
    // One link a second per address, as a mailbox cannot usefully take more.
    await services.rates.hit(`magic:email:${email}`, 1, 1);
    // Both URLs are checked whichever the address will get, so neither can carry a token away.
    const links = projectFor(services.options, call.request);
    redirectUrl(links, call.body.login_magic_link_url, links.defaultLoginRedirectUrl);
    redirectUrl(links, call.body.signup_magic_link_url, links.defaultLoginRedirectUrl);
    if (settings.pkceRequiredForEmailMagicLinks && !call.body.code_challenge) {
      throw new IdentityError('bad_request', 'code_challenge: is required by this project');
    }
    return email;
  }

  sdkRoute(app, services, 'POST', '/magic_links/email/login_or_create', SendBody, async (call) => {
    const email = await guardSend(call);
    const user = await findOrCreateUserByEmail(db, call.project, email);
    await sendLink(call, { ...user, isNew: user.created });
    // user_id and user_created would tell a caller whether the address had an account.
    return {};
  });

  sdkRoute(app, services, 'POST', '/magic_links/email/send/primary', SendBody, async (call) => {
    const email = await guardSend(call);
    const user = await findUserByEmail(db, call.project, email);
    if (user)
      services.afterAnswer.run(user.emailId, call.answered, () =>
        sendLink(call, { ...user, isNew: false }),
      );
    return {};
  });

  sdkRoute(app, services, 'POST', '/magic_links/email/send/secondary', SendBody, async (call) => {
    const email = await guardSend(call);
    const session = await call.sessions.findLive(requireSessionToken(call));
    const owner = await findUserByEmail(db, call.project, email);
    if (owner && owner.userId !== session.userId) return {};
    const emailId = owner?.emailId ?? protocolId('email', call.project.environment);
    await sendLink(
      call,
      { userId: session.userId, emailId, email, isNew: false },
      owner ? undefined : session.userId,
    );
    return {};
  });

  sdkRoute(
    app,
    services,
    'POST',
    '/magic_links/authenticate',
    z.object({
      token: z.string().min(1).max(512),
      session_duration_minutes: sessionMinutesField,
      code_verifier: z.string().optional(),
      ...sdkExtras,
    }),
    async (call) => {
      await services.rates.hit(`magic:redeem:${call.context.ipAddress}`, 60, 60);
      const token = await findLiveToken(db, call.project, 'magic_link', call.body.token);
      if (!token?.userId || !token.methodId) throw new IdentityError('unable_to_auth_magic_link');
      checkPkce(token, call.body.code_verifier);
      if (!(await claimToken(db, token.id))) throw new IdentityError('unable_to_auth_magic_link');

      const [stored] = await db
        .select()
        .from(schema.identityEmails)
        .where(eq(schema.identityEmails.id, token.methodId));
      const { attach_to_user_id: attachTo, email: newEmail } = token.details;
      let email = stored?.email;
      if (!stored && typeof attachTo === 'string' && typeof newEmail === 'string') {
        // A secondary link adds its address to the signed-in user once the address is proven.
        await db.insert(schema.identityEmails).values({
          id: token.methodId,
          userId: attachTo,
          projectId: call.project.id,
          email: newEmail,
          verified: true,
        });
        email = newEmail;
      }
      if (!email) throw new IdentityError('unable_to_auth_magic_link');
      await markEmailVerified(db, token.methodId);
      return call.sessions.signIn({
        userId: token.userId,
        factor: factor('magic_link', 'email', {
          email_factor: { email_id: token.methodId, email_address: email },
        }),
        durationMinutes: call.body.session_duration_minutes,
        currentToken: call.sessionToken,
        context: call.context,
        // An administrator's invitation is honoured whatever ways the firm offers afterwards.
        ...((token.details as { invitation?: unknown }).invitation === true
          ? { method: null }
          : {}),
      });
    },
  );
}
