import { createRemoteJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { SdkPage } from './support/sdk-page.ts';
import { identityServerAndBrowser } from './support/suite.ts';

const PASSWORD = 'correct horse battery staple 1871';

type Grant = {
  session_token: string;
  session_jwt: string;
  session: { session_id: string; expires_at: string };
  user_id: string;
};

describe('passwords and sessions through the official SDK', () => {
  const suite = identityServerAndBrowser();

  it('signs up with a password, holds the session in cookies, and signs in again', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const email = `ada.${crypto.randomUUID()}@ballast.test`;
    const created = await sdk.call<Grant>(
      'return client.passwords.create({ email: args.email, password: args.password, session_duration_minutes: 60 });',
      { email, password: PASSWORD },
    );
    expect(created.ok, JSON.stringify(created)).toBe(true);
    expect(await sdk.cookie('__session')).toMatch(/^ey/);
    expect(await sdk.cookie('stytch_session')).toBeTruthy();
    const user = await sdk.call<{ emails: { email: string }[] }>('return client.user.get();');
    expect(user.ok && user.value.emails[0]?.email).toBe(email);
    await sdk.close();

    const again = await SdkPage.open(suite.browser, suite.server);
    const signedIn = await again.call<Grant>(
      'return client.passwords.authenticate({ email: args.email, password: args.password, session_duration_minutes: 30 });',
      { email, password: PASSWORD },
    );
    expect(signedIn.ok).toBe(true);
    await again.close();
  });

  it('refuses a wrong password with unauthorized_credentials, and an unknown address alike', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const email = `grace.${crypto.randomUUID()}@ballast.test`;
    await sdk.call(
      'return client.passwords.create({ email: args.email, password: args.password, session_duration_minutes: 60 });',
      {
        email,
        password: PASSWORD,
      },
    );
    const wrong = await sdk.call(
      'return client.passwords.authenticate({ email: args.email, password: "not the password at all", session_duration_minutes: 60 });',
      { email },
    );
    const unknown = await sdk.call(
      'return client.passwords.authenticate({ email: args.email, password: "not the password at all", session_duration_minutes: 60 });',
      { email: `nobody.${crypto.randomUUID()}@ballast.test` },
    );
    expect(wrong).toMatchObject({ ok: false, error: { error_type: 'unauthorized_credentials' } });
    expect(unknown).toMatchObject({ ok: false, error: { error_type: 'unauthorized_credentials' } });
    await sdk.close();
  });

  it('refuses a weak password with weak_password and reports its strength', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const weak = await sdk.call(
      'return client.passwords.create({ email: args.email, password: "password1", session_duration_minutes: 60 });',
      {
        email: `weak.${crypto.randomUUID()}@ballast.test`,
      },
    );
    expect(weak).toMatchObject({ ok: false, error: { error_type: 'weak_password' } });
    const strength = await sdk.call<{
      valid_password: boolean;
      score: number;
      strength_policy: string;
    }>('return client.passwords.strengthCheck({ password: "password1" });');
    expect(strength).toMatchObject({
      ok: true,
      value: { valid_password: false, strength_policy: 'zxcvbn' },
    });
    await sdk.close();
  });

  it('issues a session JWT that verifies against the published JWKS, and a tampered one does not', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const email = `jwt.${crypto.randomUUID()}@ballast.test`;
    const created = await sdk.call<Grant>(
      'return client.passwords.create({ email: args.email, password: args.password, session_duration_minutes: 60 });',
      { email, password: PASSWORD },
    );
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const jwks = createRemoteJWKSet(
      new URL(`${suite.server.url}/v1/sessions/jwks/${suite.server.projectId}`),
    );
    const { payload } = await jwtVerify(created.value.session_jwt, jwks, {
      issuer: `stytch.com/${suite.server.projectId}`,
      audience: suite.server.projectId,
    });
    expect(payload.sub).toBe(created.value.user_id);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(300);
    expect(payload['https://stytch.com/session']).toMatchObject({
      id: created.value.session.session_id,
    });

    const [header, body, signature] = created.value.session_jwt.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...payload, sub: 'user-test-someone-else' }),
    ).toString('base64url');
    await expect(jwtVerify(`${header}.${forged}.${signature}`, jwks)).rejects.toThrow();
    expect(body).toBeTruthy();
    const wellKnown = await fetch(`${suite.server.url}/.well-known/jwks.json`).then((response) =>
      response.json(),
    );
    expect(wellKnown.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    await sdk.close();
  });

  it('extends a session on authenticate, and refuses it with session_not_found once revoked', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const email = `revoke.${crypto.randomUUID()}@ballast.test`;
    const created = await sdk.call<Grant>(
      'return client.passwords.create({ email: args.email, password: args.password, session_duration_minutes: 10 });',
      { email, password: PASSWORD },
    );
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const refreshed = await sdk.call<Grant>(
      'return client.session.authenticate({ session_duration_minutes: 120 });',
    );
    expect(refreshed.ok).toBe(true);
    if (refreshed.ok) {
      expect(Date.parse(refreshed.value.session.expires_at)).toBeGreaterThan(
        Date.parse(created.value.session.expires_at),
      );
    }

    const revoked = await sdk.call('return client.session.revoke();');
    expect(revoked.ok).toBe(true);
    expect(await sdk.call('return client.session.getSync();')).toEqual({ ok: true, value: null });

    const reuse = await fetch(`${suite.server.url}/sdk/v1/sessions/authenticate`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${suite.server.publicToken}:${created.value.session_token}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(reuse.status).toBe(404);
    expect(await reuse.json()).toMatchObject({ error_type: 'session_not_found', status_code: 404 });
    await sdk.close();
  });

  it('resets a forgotten password through the link in the e-mail', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const email = `reset.${crypto.randomUUID()}@ballast.test`;
    await sdk.call(
      'return client.passwords.create({ email: args.email, password: args.password, session_duration_minutes: 60 });',
      {
        email,
        password: PASSWORD,
      },
    );
    await sdk.call('return client.session.revoke();');
    const started = await sdk.call(
      'return client.passwords.resetByEmailStart({ email: args.email });',
      { email },
    );
    expect(started.ok, JSON.stringify(started)).toBe(true);
    const message = await suite.server.waitForMessage(email);
    const token = new URL(/(http\S+)/.exec(message.text)?.[1] ?? '').searchParams.get('token');
    expect(token).toBeTruthy();

    const newPassword = 'a brand new passphrase for 2027';
    const reset = await sdk.call<Grant>(
      'return client.passwords.resetByEmail({ token: args.token, password: args.password, session_duration_minutes: 60 });',
      { token, password: newPassword },
    );
    expect(reset.ok, JSON.stringify(reset)).toBe(true);
    const again = await sdk.call(
      'return client.passwords.resetByEmail({ token: args.token, password: args.password, session_duration_minutes: 60 });',
      { token, password: 'yet another passphrase for 2028' },
    );
    expect(again).toMatchObject({
      ok: false,
      error: { error_type: 'unable_to_auth_password_reset_token' },
    });
    const oldFails = await sdk.call(
      'return client.passwords.authenticate({ email: args.email, password: args.password, session_duration_minutes: 60 });',
      { email, password: PASSWORD },
    );
    expect(oldFails).toMatchObject({
      ok: false,
      error: { error_type: 'unauthorized_credentials' },
    });
    await sdk.close();
  });
});
