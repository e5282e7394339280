import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityTestServer, startIdentityServer } from '../e2e/support/identity-server.ts';
import { json, sdkCall } from '../e2e/support/sdk-call.ts';
import { RFC_7914_PASSWORD, RFC_7914_SCRYPT_HASH } from './crypto/legacy-scrypt-hash.fixture.ts';

const PASSWORD = 'an unguessable passphrase 4417';

describe('identity security', () => {
  let server: IdentityTestServer;

  beforeAll(async () => {
    server = await startIdentityServer();
  });

  afterAll(() => server?.stop());

  /** Ends the one-send-a-second window for an address at once, instead of waiting it out. */
  async function allowAnotherSendTo(address: string) {
    await server.database.db
      .delete(schema.identityRateCounters)
      .where(eq(schema.identityRateCounters.key, `rate:otp:to:${address}`));
  }

  async function signUp(email: string) {
    const response = await sdkCall(server, '/passwords', {
      email,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    expect(response.status).toBe(200);
    return (await json(response)).data as {
      session_token: string;
      session: { session_id: string };
    };
  }

  it('locks an address after 10 failed sign-ins, answering exactly like a wrong password', async () => {
    const email = `locked.${crypto.randomUUID()}@ballast.test`;
    await signUp(email);
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await sdkCall(server, '/passwords/authenticate', {
        email,
        password: 'wrong',
        session_duration_minutes: 60,
      });
      expect(wrong.status).toBe(401);
    }
    const right = await sdkCall(server, '/passwords/authenticate', {
      email,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    expect(right.status).toBe(401);
    expect(await json(right)).toMatchObject({ error_type: 'unauthorized_credentials' });
  });

  it('replaces a password hash of the scheme before Argon2id at the next sign-in (decision 031)', async () => {
    const email = `scrypt.${crypto.randomUUID()}@ballast.test`;
    await signUp(email);
    const { identityEmails, identityUsers } = schema;
    const [row] = await server.database.db
      .select({ userId: identityUsers.id })
      .from(identityEmails)
      .innerJoin(identityUsers, eq(identityUsers.id, identityEmails.userId))
      .where(eq(identityEmails.email, email));
    const userId = row?.userId ?? '';
    await server.database.db
      .update(identityUsers)
      .set({ passwordHash: RFC_7914_SCRYPT_HASH })
      .where(eq(identityUsers.id, userId));
    const storedHash = async () =>
      (
        await server.database.db
          .select({ hash: identityUsers.passwordHash })
          .from(identityUsers)
          .where(eq(identityUsers.id, userId))
      )[0]?.hash;

    const wrong = await sdkCall(server, '/passwords/authenticate', {
      email,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    expect(wrong.status).toBe(401);
    expect(await storedHash()).toBe(RFC_7914_SCRYPT_HASH);

    const right = await sdkCall(server, '/passwords/authenticate', {
      email,
      password: RFC_7914_PASSWORD,
      session_duration_minutes: 60,
    });
    expect(right.status).toBe(200);
    expect(await storedHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const again = await sdkCall(server, '/passwords/authenticate', {
      email,
      password: RFC_7914_PASSWORD,
      session_duration_minutes: 60,
    });
    expect(again.status).toBe(200);
  });

  it('locks unknown addresses the same way, so a lock reveals nothing', async () => {
    const email = `ghost.${crypto.randomUUID()}@ballast.test`;
    const answers = new Set<string>();
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await sdkCall(server, '/passwords/authenticate', {
        email,
        password: 'wrong',
        session_duration_minutes: 60,
      });
      answers.add(`${response.status} ${(await json(response)).error_type}`);
    }
    expect([...answers]).toEqual(['401 unauthorized_credentials']);
  });

  it('kills a passcode after 5 wrong tries, and a new send cancels the old code', async () => {
    const email = `tries.${crypto.randomUUID()}@ballast.test`;
    const sent = (await json(await sdkCall(server, '/otps/email/login_or_create', { email })))
      .data as { method_id: string };
    const code = /\b(\d{6})\b/.exec((await server.waitForMessage(email)).text)?.[1] ?? '';
    const wrong = code === '999999' ? '888888' : '999999';
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await sdkCall(server, '/otps/authenticate', {
        token: wrong,
        method_id: sent.method_id,
        session_duration_minutes: 60,
      });
      expect((await json(response)).error_type).toBe('invalid_code');
    }
    const tooLate = await sdkCall(server, '/otps/authenticate', {
      token: code,
      method_id: sent.method_id,
      session_duration_minutes: 60,
    });
    expect(await json(tooLate)).toMatchObject({ error_type: 'unable_to_auth_otp_code' });

    await allowAnotherSendTo(email);
    const first = (await json(await sdkCall(server, '/otps/email/send/primary', { email })))
      .data as { method_id: string };
    const firstCode =
      /\b(\d{6})\b/.exec(
        (await server.waitForMessage(email, (m) => !m.text.includes(code))).text,
      )?.[1] ?? '';
    await allowAnotherSendTo(email);
    await sdkCall(server, '/otps/email/send/primary', { email });
    await server.waitForMessage(
      email,
      (m) => !m.text.includes(code) && !m.text.includes(firstCode),
    );
    const cancelled = await sdkCall(server, '/otps/authenticate', {
      token: firstCode,
      method_id: first.method_id,
      session_duration_minutes: 60,
    });
    expect((await json(cancelled)).error_type).toMatch(/^(invalid_code|unable_to_auth_otp_code)$/);
  });

  it('refuses an expired passcode', async () => {
    const email = `late.${crypto.randomUUID()}@ballast.test`;
    const sent = (await json(await sdkCall(server, '/otps/email/login_or_create', { email })))
      .data as { method_id: string };
    const code = /\b(\d{6})\b/.exec((await server.waitForMessage(email)).text)?.[1] ?? '';
    await server.database.db
      .update(schema.identityOneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.identityOneTimeTokens.methodId, sent.method_id));
    const response = await sdkCall(server, '/otps/authenticate', {
      token: code,
      method_id: sent.method_id,
      session_duration_minutes: 60,
    });
    expect(await json(response)).toMatchObject({ error_type: 'unable_to_auth_otp_code' });
  });

  it('answers a send the same whether or not the address has an account', async () => {
    const known = `known.${crypto.randomUUID()}@ballast.test`;
    await signUp(known);
    const unknown = `unknown.${crypto.randomUUID()}@ballast.test`;
    for (const path of [
      '/otps/email/send/primary',
      '/magic_links/email/send/primary',
      '/passwords/email/reset/start',
    ]) {
      const [a, b] = await Promise.all([
        sdkCall(server, path, { email: known }),
        sdkCall(server, path, { email: unknown }),
      ]);
      expect([a.status, b.status], path).toEqual([200, 200]);
      const [bodyA, bodyB] = [(await json(a)).data as object, (await json(b)).data as object];
      expect(Object.keys(bodyA).sort(), path).toEqual(Object.keys(bodyB).sort());
    }
  });

  it('limits sends to one a second per address with too_many_requests and Retry-After', async () => {
    const email = `burst.${crypto.randomUUID()}@ballast.test`;
    const [first, second] = [
      await sdkCall(server, '/magic_links/email/login_or_create', { email }),
      await sdkCall(server, '/magic_links/email/login_or_create', { email }),
    ];
    expect(first.status).toBe(200);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(await json(second)).toMatchObject({ error_type: 'too_many_requests', status_code: 429 });
  });

  it('refuses an expired session with session_not_found, and a new sign-in gets a new token', async () => {
    const email = `expired.${crypto.randomUUID()}@ballast.test`;
    const first = await signUp(email);
    const again = (
      await json(
        await sdkCall(server, '/passwords/authenticate', {
          email,
          password: PASSWORD,
          session_duration_minutes: 60,
        }),
      )
    ).data as { session_token: string };
    expect(again.session_token).not.toBe(first.session_token);

    await server.database.db
      .update(schema.identitySessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.identitySessions.id, first.session.session_id));
    const refused = await sdkCall(server, '/sessions/authenticate', {}, first.session_token);
    expect(refused.status).toBe(404);
    expect(await json(refused)).toMatchObject({ error_type: 'session_not_found' });
  });

  it('stores session tokens only as hashes', async () => {
    const email = `hashed.${crypto.randomUUID()}@ballast.test`;
    const grant = await signUp(email);
    const rows = await server.database.db
      .select({ tokenHash: schema.identitySessions.tokenHash })
      .from(schema.identitySessions)
      .where(eq(schema.identitySessions.id, grant.session.session_id));
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.tokenHash).not.toContain(grant.session_token);
  });

  it('tells the prebuilt form which screen an address needs, at most 5 times a minute per address', async () => {
    const email = `search.${crypto.randomUUID()}@ballast.test`;
    const userType = async () =>
      (
        (await json(await sdkCall(server, '/users/search', { email }))).data as {
          userType?: string;
        }
      )?.userType;
    expect(await userType()).toBe('new');
    await signUp(email);
    expect(await userType()).toBe('password');
    for (let attempt = 0; attempt < 3; attempt++) await sdkCall(server, '/users/search', { email });
    const limited = await sdkCall(server, '/users/search', { email });
    expect(limited.status).toBe(429);
    // The seconds left of the minute the first search opened.
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('allows cross-origin calls only from configured origins', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/sdk/v1/passwords/authenticate`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const stranger = await preflight('https://stranger.example');
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('stores the telemetry batches the SDK posts without credentials, at most 100 events a batch', async () => {
    const before = (await server.database.db.select().from(schema.identityEvents)).length;
    const batch = Array.from({ length: 120 }, (_, index) => ({
      telemetry: { event_id: `event-${index}`, sdk: { identifier: 'Stytch.js Javascript SDK' } },
      event: {
        public_token: server.publicToken,
        event_name: 'sdk_instance_instantiated',
        details: {},
      },
    }));
    const response = await fetch(`${server.url}/sdk/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    });
    expect(response.status).toBe(200);
    const after = await server.database.db.select().from(schema.identityEvents);
    expect(after.length - before).toBe(100);
    expect(after.at(-1)?.event).toMatchObject({
      event: { event_name: 'sdk_instance_instantiated' },
    });
  });

  it('sends WhatsApp passcodes through their own channel', async () => {
    const phone = `+1555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const sent = (
      await json(await sdkCall(server, '/otps/whatsapp/login_or_create', { phone_number: phone }))
    ).data as {
      method_id: string;
    };
    const message = await server.waitForMessage(phone);
    expect(message.channel).toBe('whatsapp');
    const code = /\b(\d{6})\b/.exec(message.text)?.[1];
    const response = await sdkCall(server, '/otps/authenticate', {
      token: code,
      method_id: sent.method_id,
      session_duration_minutes: 60,
    });
    const grant = (await json(response)).data as {
      session: { authentication_factors: { delivery_method: string }[] };
    };
    expect(grant.session.authentication_factors[0]?.delivery_method).toBe('whatsapp');
  });

  it('answers the business-to-business member search with organization_not_found', async () => {
    const response = await sdkCall(server, '/b2b/organizations/members/search', {
      email_address: 'someone@ballast.test',
      organization_id: 'organization-test-1',
    });
    expect(response.status).toBe(404);
    expect(await json(response)).toMatchObject({ error_type: 'organization_not_found' });
  });

  it('refuses a redirect URL that is not on the allow-list', async () => {
    const response = await sdkCall(server, '/magic_links/email/login_or_create', {
      email: `phish.${crypto.randomUUID()}@ballast.test`,
      login_magic_link_url: 'https://evil.example/steal',
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error_type: 'invalid_redirect_url' });
  });
});

describe('identity under a failing database', () => {
  it('answers internal_server_error, never an error type that signs the user out', async () => {
    const server = await startIdentityServer();
    const email = `outage.${crypto.randomUUID()}@ballast.test`;
    const created = (
      await json(
        await sdkCall(server, '/passwords', {
          email,
          password: PASSWORD,
          session_duration_minutes: 60,
        }),
      )
    ).data as {
      session_token: string;
    };
    await server.database.close();
    const response = await sdkCall(server, '/sessions/authenticate', {}, created.session_token);
    expect(response.status).toBe(500);
    expect(await json(response)).toMatchObject({ error_type: 'internal_server_error' });
    await server.stop().catch(() => undefined);
  });
});

describe('cross-origin calls from a configured origin', () => {
  it('are allowed with credentials, as the SDK sends them', async () => {
    const server = await startIdentityServer({
      options: { corsOrigins: ['https://app.ballast.example'] },
    });
    try {
      const response = await fetch(`${server.url}/sdk/v1/passwords/authenticate`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.ballast.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,x-sdk-client',
        },
      });
      expect(response.headers.get('access-control-allow-origin')).toBe(
        'https://app.ballast.example',
      );
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    } finally {
      await server.stop();
    }
  });
});
