/**
 * A one-time secret makes one session however many callers present it at once: a magic link, a
 * passcode and a password-reset link, each redeemed by 20 concurrent calls.
 */
import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityTestServer, startIdentityServer } from '../e2e/support/identity-server.ts';
import { json, sdkCall } from '../e2e/support/sdk-call.ts';

const ATTEMPTS = 20;

describe('one-time secrets redeemed concurrently', () => {
  let server: IdentityTestServer;

  beforeAll(async () => {
    server = await startIdentityServer();
  });
  afterAll(() => server?.stop());

  /** Sends every attempt at once; answers the status of each and the sessions they made. */
  async function redeemAll(path: string, body: object) {
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, async () => {
        const response = await sdkCall(server, path, body);
        return { status: response.status, body: await json(response) };
      }),
    );
    const sessions = answers
      .map((answer) => (answer.body.data as { session_token?: string } | undefined)?.session_token)
      .filter((token) => token !== undefined);
    return { statuses: answers.map((answer) => answer.status), sessions };
  }

  async function sessionsOf(email: string) {
    return server.database.db
      .select({ id: schema.identitySessions.id })
      .from(schema.identitySessions)
      .innerJoin(
        schema.identityEmails,
        eq(schema.identityEmails.userId, schema.identitySessions.userId),
      )
      .where(eq(schema.identityEmails.email, email));
  }

  it('a magic link', async () => {
    const email = `link.${crypto.randomUUID()}@ballast.test`;
    await sdkCall(server, '/magic_links/email/login_or_create', { email });
    const link = /(http\S+)/.exec((await server.waitForMessage(email)).text)?.[1] ?? '';
    const token = new URL(link).searchParams.get('token');

    const { statuses, sessions } = await redeemAll('/magic_links/authenticate', {
      token,
      session_duration_minutes: 60,
    });

    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(sessions).toHaveLength(1);
    expect(await sessionsOf(email)).toHaveLength(1);
  });

  it('a passcode', async () => {
    const email = `code.${crypto.randomUUID()}@ballast.test`;
    const sent = (await json(await sdkCall(server, '/otps/email/login_or_create', { email })))
      .data as { method_id: string };
    const code = /\b(\d{6})\b/.exec((await server.waitForMessage(email)).text)?.[1] ?? '';

    const { statuses, sessions } = await redeemAll('/otps/authenticate', {
      token: code,
      method_id: sent.method_id,
      session_duration_minutes: 60,
    });

    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(sessions).toHaveLength(1);
    expect(await sessionsOf(email)).toHaveLength(1);
  });

  it('a password-reset link', async () => {
    const email = `reset.${crypto.randomUUID()}@ballast.test`;
    const signedUp = await sdkCall(server, '/passwords', {
      email,
      password: 'the first passphrase of this test 5521',
      session_duration_minutes: 60,
    });
    expect(signedUp.status).toBe(200);
    await sdkCall(server, '/passwords/email/reset/start', { email });
    const link = /(http\S+)/.exec(
      (await server.waitForMessage(email, (message) => /reset/i.test(message.text))).text,
    )?.[1];
    const token = new URL(link ?? '').searchParams.get('token');
    const before = (await sessionsOf(email)).length;

    const { statuses, sessions } = await redeemAll('/passwords/email/reset', {
      token,
      password: 'a second passphrase, chosen anew 7730',
      session_duration_minutes: 60,
    });

    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(sessions).toHaveLength(1);
    expect((await sessionsOf(email)).length - before).toBeLessThanOrEqual(1);
  });
});
