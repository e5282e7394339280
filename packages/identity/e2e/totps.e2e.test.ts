import { createRemoteJWKSet, jwtVerify } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { SdkPage } from './support/sdk-page.ts';
import { identityServerAndBrowser } from './support/suite.ts';

const PASSWORD = 'correct horse battery staple 2207';

type Factor = { type: string; delivery_method: string } & Record<string, unknown>;
type Grant = {
  session_jwt: string;
  session: { session_id: string; authentication_factors: Factor[] };
  user: { totps: { totp_id: string; verified: boolean }[] };
  totp_id: string;
};
type Enrolment = { totp_id: string; secret: string; qr_code: string; recovery_codes: string[] };

/** The code an authenticator app shows `offsetSteps` 30-second steps from now. */
function codeFor(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

function factorTypes(factors: readonly Factor[]): string[] {
  return factors.map((factor) => factor.type).sort();
}

describe('authenticator codes (TOTP) through the official SDK', () => {
  const suite = identityServerAndBrowser();

  /** A page signed up with a password, with an authenticator app enrolled but not confirmed. */
  async function signUpAndEnrol(): Promise<{ sdk: SdkPage; email: string; enrolment: Enrolment }> {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const email = `totp.${crypto.randomUUID()}@ballast.test`;
    const created = await sdk.call(
      'return client.passwords.create({ email: args.email, password: args.password, session_duration_minutes: 60 });',
      { email, password: PASSWORD },
    );
    expect(created.ok, JSON.stringify(created)).toBe(true);
    const enrolled = await sdk.call<Enrolment>(
      'return client.totps.create({ expiration_minutes: 60 });',
    );
    if (!enrolled.ok) throw new Error(JSON.stringify(enrolled.error));
    return { sdk, email, enrolment: enrolled.value };
  }

  it('enrols after a password sign-up and adds the totp factor to the session and its JWT', async () => {
    const { sdk, enrolment } = await signUpAndEnrol();
    expect(enrolment.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(enrolment.recovery_codes).toHaveLength(10);
    // totps.create hands the response's __user to the SDK's user state.
    const pending = await sdk.call<{ totps: unknown[] }>('return client.user.getSync();');
    expect(pending).toMatchObject({
      ok: true,
      value: { totps: [{ totp_id: enrolment.totp_id, verified: false }] },
    });

    const authenticated = await sdk.call<Grant>(
      'return client.totps.authenticate({ totp_code: args.code, session_duration_minutes: 60 });',
      { code: codeFor(enrolment.secret) },
    );
    if (!authenticated.ok) throw new Error(JSON.stringify(authenticated.error));
    const grant = authenticated.value;
    expect(grant.totp_id).toBe(enrolment.totp_id);
    expect(factorTypes(grant.session.authentication_factors)).toEqual(['password', 'totp']);
    expect(await sdk.cookie('__session')).toBe(grant.session_jwt);

    const jwks = createRemoteJWKSet(
      new URL(`${suite.server.url}/v1/sessions/jwks/${suite.server.projectId}`),
    );
    const { payload } = await jwtVerify(grant.session_jwt, jwks, {
      issuer: `stytch.com/${suite.server.projectId}`,
      audience: suite.server.projectId,
    });
    const claim = payload['https://stytch.com/session'] as { authentication_factors: Factor[] };
    expect(factorTypes(claim.authentication_factors)).toEqual(['password', 'totp']);
    expect(claim.authentication_factors.find((factor) => factor.type === 'totp')).toMatchObject({
      delivery_method: 'authenticator_app',
      authenticator_app_factor: { totp_id: enrolment.totp_id },
    });

    const state = await sdk.call<{ totps: unknown[] }>('return client.user.getSync();');
    expect(state).toMatchObject({
      ok: true,
      value: { totps: [{ totp_id: enrolment.totp_id, verified: true }] },
    });
    await sdk.close();
  });

  it('refuses a wrong code with invalid_code and a used code again, keeping the session', async () => {
    const { sdk, enrolment } = await signUpAndEnrol();
    const right = codeFor(enrolment.secret);
    // Not the code of any step the server could accept in the next half minute.
    const valid = new Set([-1, 0, 1, 2].map((offset) => codeFor(enrolment.secret, offset)));
    const wrong = ['000000', '000001', '000002', '000003', '000004'].find((c) => !valid.has(c));
    const refused = await sdk.call(
      'return client.totps.authenticate({ totp_code: args.code, session_duration_minutes: 60 });',
      { code: wrong },
    );
    expect(refused).toMatchObject({ ok: false, error: { error_type: 'invalid_code' } });

    const first = await sdk.call<Grant>(
      'return client.totps.authenticate({ totp_code: args.code, session_duration_minutes: 60 });',
      { code: right },
    );
    expect(first.ok, JSON.stringify(first)).toBe(true);
    const replayed = await sdk.call(
      'return client.totps.authenticate({ totp_code: args.code, session_duration_minutes: 60 });',
      { code: right },
    );
    expect(replayed).toMatchObject({
      ok: false,
      error: { error_type: 'totp_code_already_authenticated' },
    });
    // Neither refusal is a sign-out: the SDK still holds the session with both factors.
    const session = await sdk.call<{ authentication_factors: Factor[] } | null>(
      'return client.session.getSync();',
    );
    if (!session.ok || !session.value) throw new Error('the SDK dropped the session');
    expect(factorTypes(session.value.authentication_factors)).toEqual(['password', 'totp']);
    await sdk.close();
  });

  it('signs in again with a password, lacking the second factor until a recovery code, which works once', async () => {
    const { sdk, email, enrolment } = await signUpAndEnrol();
    const confirmed = await sdk.call(
      'return client.totps.authenticate({ totp_code: args.code, session_duration_minutes: 60 });',
      { code: codeFor(enrolment.secret) },
    );
    expect(confirmed.ok, JSON.stringify(confirmed)).toBe(true);
    await sdk.close();

    const later = await SdkPage.open(suite.browser, suite.server);
    const signedIn = await later.call<Grant>(
      'return client.passwords.authenticate({ email: args.email, password: args.password, session_duration_minutes: 60 });',
      { email, password: PASSWORD },
    );
    if (!signedIn.ok) throw new Error(JSON.stringify(signedIn.error));
    // This is how a client tells the second factor is still missing.
    expect(factorTypes(signedIn.value.session.authentication_factors)).toEqual(['password']);
    expect(signedIn.value.user.totps).toEqual([{ totp_id: enrolment.totp_id, verified: true }]);

    const [code] = enrolment.recovery_codes;
    const recovered = await later.call<Grant>(
      'return client.totps.recover({ recovery_code: args.code, session_duration_minutes: 60 });',
      { code },
    );
    if (!recovered.ok) throw new Error(JSON.stringify(recovered.error));
    expect(recovered.value.totp_id).toBe(enrolment.totp_id);
    expect(factorTypes(recovered.value.session.authentication_factors)).toEqual([
      'password',
      'recovery_code',
    ]);
    expect(recovered.value.session.session_id).toBe(signedIn.value.session.session_id);

    const again = await later.call(
      'return client.totps.recover({ recovery_code: args.code, session_duration_minutes: 60 });',
      { code },
    );
    expect(again).toMatchObject({ ok: false, error: { error_type: 'invalid_recovery_code' } });

    const left = await later.call('return client.totps.recoveryCodes();');
    expect(left).toMatchObject({
      ok: true,
      value: {
        totps: { totp_id: enrolment.totp_id, verified: true, recovery_codes_remaining: 9 },
      },
    });
    await later.close();
  });
});
