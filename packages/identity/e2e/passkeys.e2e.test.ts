import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import type { Browser, CDPSession } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { IdentityTestServer } from './support/identity-server.ts';
import { SdkPage } from './support/sdk-page.ts';
import { identityServerAndBrowser } from './support/suite.ts';

const PASSWORD = 'a passkey is better than this 5582';
const SIGN_OUT_TYPES = [
  'unauthorized_credentials',
  'user_unauthenticated',
  'invalid_secret_authentication',
  'session_not_found',
];

type Factor = {
  type: string;
  delivery_method: string;
  webauthn_factor?: { webauthn_registration_id: string; domain: string; user_agent: string };
};
type Grant = {
  user_id: string;
  webauthn_registration_id: string;
  session: { session_id: string; authentication_factors: Factor[] };
  user: { webauthn_registrations: { webauthn_registration_id: string; name: string }[] };
};

/** An SDK page whose browser holds a CTAP2 platform authenticator that always says yes. */
async function openWithAuthenticator(
  browser: Browser,
  server: IdentityTestServer,
): Promise<{ sdk: SdkPage; cdp: CDPSession; authenticatorId: string }> {
  const sdk = await SdkPage.open(browser, server);
  const cdp = await sdk.page.context().newCDPSession(sdk.page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { sdk, cdp, authenticatorId };
}

async function signUp(sdk: SdkPage): Promise<Grant & { email: string }> {
  const email = `pk.${crypto.randomUUID()}@ballast.test`;
  const created = await sdk.call<Grant>(
    'return client.passwords.create({ email: args.email, password: args.password, session_duration_minutes: 60 });',
    { email, password: PASSWORD },
  );
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  return { ...created.value, email };
}

function registerPasskey(sdk: SdkPage) {
  return sdk.call<Grant>(
    'return client.webauthn.register({ is_passkey: true, session_duration_minutes: 60 });',
  );
}

function authenticate(sdk: SdkPage) {
  return sdk.call<Grant>(
    'return client.webauthn.authenticate({ is_passkey: true, session_duration_minutes: 60 });',
  );
}

async function signOut(sdk: SdkPage): Promise<void> {
  const revoked = await sdk.call('return client.session.revoke();');
  expect(revoked.ok, JSON.stringify(revoked)).toBe(true);
  expect(await sdk.call('return client.session.getSync();')).toEqual({ ok: true, value: null });
}

describe('passkeys (WebAuthn) through the official SDK and a virtual authenticator', () => {
  const suite = identityServerAndBrowser();

  async function registrationRow(id: string) {
    const [row] = await suite.server.database.db
      .select()
      .from(schema.identityWebauthnRegistrations)
      .where(eq(schema.identityWebauthnRegistrations.id, id));
    if (!row) throw new Error(`registration ${id} is not stored`);
    return row;
  }

  it('registers a passkey for the signed-in user, then signs in with it alone', async () => {
    const { sdk, cdp, authenticatorId } = await openWithAuthenticator(suite.browser, suite.server);
    const signedUp = await signUp(sdk);

    const registered = await registerPasskey(sdk);
    if (!registered.ok) throw new Error(JSON.stringify(registered.error));
    const id = registered.value.webauthn_registration_id;
    expect(registered.value.session.session_id).toBe(signedUp.session.session_id);
    expect(registered.value.session.authentication_factors.map((f) => f.type).sort()).toEqual([
      'password',
      'webauthn',
    ]);
    expect(registered.value.user.webauthn_registrations).toEqual([
      expect.objectContaining({ webauthn_registration_id: id, domain: 'localhost' }),
    ]);
    const stored = await registrationRow(id);
    expect(stored.userId).toBe(signedUp.user_id);
    expect(stored.userAgent).toMatch(/Chrome/);
    // A passkey is a discoverable credential scoped to the page's host.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    expect(Buffer.from(credentials[0]?.credentialId ?? '', 'base64').toString('base64url')).toBe(
      stored.credentialId,
    );

    await signOut(sdk);
    const signedIn = await authenticate(sdk);
    if (!signedIn.ok) throw new Error(JSON.stringify(signedIn.error));
    expect(signedIn.value.user_id).toBe(signedUp.user_id);
    expect(signedIn.value.webauthn_registration_id).toBe(id);
    expect(signedIn.value.session.session_id).not.toBe(signedUp.session.session_id);
    expect(signedIn.value.session.authentication_factors).toEqual([
      expect.objectContaining({
        type: 'webauthn',
        delivery_method: 'webauthn_registration',
        webauthn_factor: {
          webauthn_registration_id: id,
          domain: 'localhost',
          user_agent: stored.userAgent,
        },
      }),
    ]);
    expect(await sdk.cookie('stytch_session')).toBeTruthy();
    expect((await registrationRow(id)).signCount).toBeGreaterThan(stored.signCount);
    await sdk.close();
  });

  it('adds the factor to a live session through /secondary, offering only that user’s keys', async () => {
    const { sdk } = await openWithAuthenticator(suite.browser, suite.server);
    const signedUp = await signUp(sdk);
    expect((await registerPasskey(sdk)).ok).toBe(true);
    await signOut(sdk);
    const password = await sdk.call<Grant>(
      'return client.passwords.authenticate({ email: args.email, password: args.password, session_duration_minutes: 60 });',
      { email: signedUp.email, password: PASSWORD },
    );
    if (!password.ok) throw new Error(JSON.stringify(password.error));
    expect(password.value.session.authentication_factors.map((f) => f.type)).toEqual(['password']);

    const start = sdk.page.waitForResponse((response) =>
      response.url().includes('/sdk/v1/webauthn/authenticate/start/'),
    );
    const stepUp = await authenticate(sdk);
    if (!stepUp.ok) throw new Error(JSON.stringify(stepUp.error));
    const startResponse = await start;
    expect(new URL(startResponse.url()).pathname).toBe(
      '/sdk/v1/webauthn/authenticate/start/secondary',
    );
    const options = JSON.parse(
      ((await startResponse.json()) as { data: { public_key_credential_request_options: string } })
        .data.public_key_credential_request_options,
    ) as { rpId: string; allowCredentials: { id: string }[] };
    const stored = await registrationRow(stepUp.value.webauthn_registration_id);
    expect(options.rpId).toBe('localhost');
    expect(options.allowCredentials.map((credential) => credential.id)).toEqual([
      stored.credentialId,
    ]);
    expect(stepUp.value.session.session_id).toBe(password.value.session.session_id);
    expect(stepUp.value.session.authentication_factors.map((f) => f.type).sort()).toEqual([
      'password',
      'webauthn',
    ]);
    await sdk.close();
  });

  it('renames only the signed-in user’s own registration', async () => {
    const { sdk } = await openWithAuthenticator(suite.browser, suite.server);
    await signUp(sdk);
    const registered = await registerPasskey(sdk);
    if (!registered.ok) throw new Error(JSON.stringify(registered.error));
    const id = registered.value.webauthn_registration_id;

    const renamed = await sdk.call<{
      webauthn_registration: { webauthn_registration_id: string; name: string; domain: string };
    }>(
      'return client.webauthn.update({ webauthn_registration_id: args.id, name: "Work laptop" });',
      { id },
    );
    expect(renamed).toMatchObject({
      ok: true,
      value: {
        webauthn_registration: {
          webauthn_registration_id: id,
          name: 'Work laptop',
          domain: 'localhost',
        },
      },
    });
    const user = await sdk.call<Grant['user']>('return client.user.get();');
    expect(user.ok && user.value.webauthn_registrations[0]?.name).toBe('Work laptop');
    expect(
      await sdk.call(
        'return client.webauthn.update({ webauthn_registration_id: args.id, name: "  " });',
        {
          id,
        },
      ),
    ).toMatchObject({ ok: false, error: { error_type: 'empty_webauthn_registration_name' } });

    const other = await SdkPage.open(suite.browser, suite.server);
    await signUp(other);
    const stolen = await other.call(
      'return client.webauthn.update({ webauthn_registration_id: args.id, name: "Mine now" });',
      { id },
    );
    expect(stolen).toMatchObject({
      ok: false,
      error: { error_type: 'webauthn_registration_not_found' },
    });
    expect((await registrationRow(id)).name).toBe('Work laptop');
    await other.close();
    await sdk.close();
  });

  it('refuses a tampered assertion and a counter that went back, keeping the session', async () => {
    const { sdk } = await openWithAuthenticator(suite.browser, suite.server);
    const signedUp = await signUp(sdk);
    const registered = await registerPasskey(sdk);
    if (!registered.ok) throw new Error(JSON.stringify(registered.error));
    const id = registered.value.webauthn_registration_id;
    await signOut(sdk);

    const finish = '**/sdk/v1/webauthn/authenticate';
    await sdk.page.route(finish, async (route) => {
      const body = route.request().postDataJSON() as { public_key_credential: string };
      const credential = JSON.parse(body.public_key_credential) as {
        response: { signature: string };
      };
      const signature = Buffer.from(credential.response.signature, 'base64url');
      signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 0xff, signature.length - 1);
      credential.response.signature = signature.toString('base64url');
      await route.continue({
        postData: JSON.stringify({ ...body, public_key_credential: JSON.stringify(credential) }),
      });
    });
    expect(await authenticate(sdk)).toMatchObject({
      ok: false,
      error: { error_type: 'unable_to_auth_webauthn_registration' },
    });
    await sdk.page.unroute(finish);
    expect(await sdk.call('return client.session.getSync();')).toEqual({ ok: true, value: null });

    expect((await authenticate(sdk)).ok).toBe(true);

    // As if the key had been cloned and the clone used meanwhile: our counter is ahead of it.
    await suite.server.database.db
      .update(schema.identityWebauthnRegistrations)
      .set({ signCount: 1_000_000 })
      .where(eq(schema.identityWebauthnRegistrations.id, id));
    const cloned = await authenticate(sdk);
    expect(cloned).toMatchObject({
      ok: false,
      error: { error_type: 'unable_to_auth_webauthn_registration' },
    });
    if (!cloned.ok) expect(SIGN_OUT_TYPES).not.toContain(cloned.error.error_type);
    // A refused passkey is no reason to end the session the user already has.
    const session = await sdk.call<{ user_id: string } | null>('return client.session.getSync();');
    expect(session.ok && session.value?.user_id).toBe(signedUp.user_id);
    await sdk.close();
  });

  it('refuses a replayed assertion, even from a passkey that keeps no counter', async () => {
    const { sdk, cdp, authenticatorId } = await openWithAuthenticator(suite.browser, suite.server);
    await signUp(sdk);
    const registered = await registerPasskey(sdk);
    if (!registered.ok) throw new Error(JSON.stringify(registered.error));
    // Synced passkeys answer with a counter of 0 every time, from registration on, so only the
    // single-use challenge stands between a captured assertion and a second session.
    const [credential] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId }))
      .credentials;
    if (!credential) throw new Error('the authenticator holds no credential');
    await cdp.send('WebAuthn.removeCredential', {
      authenticatorId,
      credentialId: credential.credentialId,
    });
    await cdp.send('WebAuthn.addCredential', {
      authenticatorId,
      credential: { ...credential, signCount: -1 },
    });
    await suite.server.database.db
      .update(schema.identityWebauthnRegistrations)
      .set({ signCount: 0 })
      .where(
        eq(schema.identityWebauthnRegistrations.id, registered.value.webauthn_registration_id),
      );
    await signOut(sdk);

    const sent = sdk.page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/sdk/v1/webauthn/authenticate',
    );
    const genuine = await authenticate(sdk);
    expect(genuine.ok, JSON.stringify(genuine)).toBe(true);
    const replay = await fetch(`${suite.server.url}/sdk/v1/webauthn/authenticate`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${suite.server.publicToken}:${suite.server.publicToken}`).toString('base64')}`,
        'content-type': 'application/json',
        'x-sdk-parent-host': suite.server.url,
      },
      body: (await sent).postData() ?? '',
    });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({
      error_type: 'unable_to_auth_webauthn_registration',
    });
    await sdk.close();
  });

  it('refuses a passkey this service never registered with webauthn_registration_not_found', async () => {
    const { sdk, cdp, authenticatorId } = await openWithAuthenticator(suite.browser, suite.server);
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await cdp.send('WebAuthn.addCredential', {
      authenticatorId,
      credential: {
        credentialId: randomBytes(16).toString('base64'),
        isResidentCredential: true,
        rpId: 'localhost',
        privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
        userHandle: Buffer.from('user-test-nobody').toString('base64'),
        signCount: 0,
      },
    });
    expect(await authenticate(sdk)).toMatchObject({
      ok: false,
      error: { error_type: 'webauthn_registration_not_found' },
    });
    expect(await sdk.cookie('stytch_session')).toBeUndefined();
    await sdk.close();
  });

  it('registers only for the page’s own host on a trusted origin, and only when signed in', async () => {
    const { sdk } = await openWithAuthenticator(suite.browser, suite.server);
    const signedUp = await signUp(sdk);
    expect(
      await sdk.call(
        'return client.webauthn.register({ domain: "example.com", session_duration_minutes: 60 });',
      ),
    ).toMatchObject({ ok: false, error: { error_type: 'invalid_webauthn_registration_domain' } });

    // A page the project never listed, even one on this very host but another scheme.
    const start = '**/sdk/v1/webauthn/register/start';
    for (const origin of ['https://evil.example', 'https://localhost']) {
      await sdk.page.route(start, (route) =>
        route.continue({ headers: { ...route.request().headers(), 'x-sdk-parent-host': origin } }),
      );
      expect(await registerPasskey(sdk)).toMatchObject({
        ok: false,
        error: { error_type: 'invalid_webauthn_registration_domain' },
      });
      await sdk.page.unroute(start);
    }
    const stored = await suite.server.database.db
      .select()
      .from(schema.identityWebauthnRegistrations)
      .where(eq(schema.identityWebauthnRegistrations.userId, signedUp.user_id));
    expect(stored).toEqual([]);
    expect(await sdk.call('return client.session.getSync() !== null;')).toEqual({
      ok: true,
      value: true,
    });

    // Without a session there is nobody to register a passkey for.
    const anonymous = await fetch(`${suite.server.url}/sdk/v1/webauthn/register/start`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${suite.server.publicToken}:${suite.server.publicToken}`).toString('base64')}`,
        'content-type': 'application/json',
        'x-sdk-parent-host': suite.server.url,
      },
      body: JSON.stringify({ domain: 'localhost', user_agent: 'test' }),
    });
    expect(anonymous.status).toBe(404);
    expect(await anonymous.json()).toMatchObject({ error_type: 'session_not_found' });
    await sdk.close();
  });
});
