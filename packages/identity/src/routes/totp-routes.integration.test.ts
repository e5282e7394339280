// Long on purpose: the authenticator's whole life (enrolment, codes, recovery codes, the second
// factor a session must prove, and its removal) is one story told against one service.
import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityTestServer, startIdentityServer } from '../../e2e/support/identity-server.ts';
import { openTotp, sealTotp } from '../users/totp-secret.ts';

const PASSWORD = 'a long and unguessable passphrase 9931';
const UNRECOVERABLE = [
  'unauthorized_credentials',
  'user_unauthenticated',
  'invalid_secret_authentication',
  'session_not_found',
];

type Body = Record<string, unknown>;
type Factor = { type: string; delivery_method: string } & Record<string, unknown>;
type Grant = {
  session_token: string;
  session_jwt: string;
  session: { session_id: string; authentication_factors: Factor[] };
  user: { totps: { totp_id: string; verified: boolean }[] };
  totp_id: string;
};
type Enrolment = {
  totp_id: string;
  secret: string;
  qr_code: string;
  recovery_codes: string[];
  user_id: string;
  __user: { user_id: string; totps: { totp_id: string; verified: boolean }[] };
};

/** The code an authenticator app shows `offsetSteps` 30-second steps from now. */
function codeFor(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

/** A six-digit code that is none of those the server could accept in the next half minute. */
function wrongCodeFor(secret: string): string {
  const valid = new Set([-1, 0, 1, 2].map((offset) => codeFor(secret, offset)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

describe('authenticator codes (TOTP) over HTTP', () => {
  let server: IdentityTestServer;

  beforeAll(async () => {
    server = await startIdentityServer();
  });

  afterAll(() => server?.stop());

  /** Calls the protocol as the SDK does; `body` undefined sends no body at all, as recoveryCodes does. */
  async function call(path: string, body: Body | undefined, sessionToken?: string) {
    const secret = sessionToken ?? server.publicToken;
    const response = await fetch(`${server.url}/sdk/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${server.publicToken}:${secret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as Body };
  }

  async function signUp(): Promise<{ token: string; sessionId: string; email: string }> {
    const email = `totp.${crypto.randomUUID()}@ballast.test`;
    const { status, json } = await call('/passwords', {
      email,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    expect(status).toBe(200);
    const grant = json.data as Grant;
    return { token: grant.session_token, sessionId: grant.session.session_id, email };
  }

  async function enrol(token: string, expirationMinutes = 60): Promise<Enrolment> {
    const { status, json } = await call('/totps', { expiration_minutes: expirationMinutes }, token);
    expect(status, JSON.stringify(json)).toBe(200);
    return json.data as Enrolment;
  }

  /** Signs up, enrols and confirms with a first code; answers the token carrying both factors. */
  async function enrolled(): Promise<{ token: string; email: string; enrolment: Enrolment }> {
    const { token, email } = await signUp();
    const enrolment = await enrol(token);
    const { status, json } = await call(
      '/totps/authenticate',
      { totp_code: codeFor(enrolment.secret), session_duration_minutes: 60 },
      token,
    );
    expect(status, JSON.stringify(json)).toBe(200);
    return { token: (json.data as Grant).session_token, email, enrolment };
  }

  it('refuses to enrol without a session', async () => {
    const { status, json } = await call('/totps', { expiration_minutes: 60 });
    expect(status).toBe(404);
    expect(json.error_type).toBe('session_not_found');
  });

  it('enrols with a QR code and ten recovery codes, storing neither secret in the clear', async () => {
    const { token } = await signUp();
    const enrolment = await enrol(token);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(enrolment.recovery_codes).toHaveLength(10);
    expect(new Set(enrolment.recovery_codes).size).toBe(10);
    expect(enrolment.__user.totps).toEqual([{ totp_id: enrolment.totp_id, verified: false }]);

    const [row] = await server.database.db
      .select()
      .from(schema.identityTotps)
      .where(eq(schema.identityTotps.id, enrolment.totp_id));
    expect(row?.userId).toBe(enrolment.user_id);
    expect(row?.secretCiphertext).not.toContain(enrolment.secret);
    expect(row?.recoveryCodeHashes).toHaveLength(10);
    const stored = JSON.stringify(row);
    for (const code of enrolment.recovery_codes) expect(stored).not.toContain(code);
  });

  it('adds a totp factor to the password session and verifies the TOTP on the first code', async () => {
    const { token, sessionId } = await signUp();
    const enrolment = await enrol(token);
    const { status, json } = await call(
      '/totps/authenticate',
      { totp_code: codeFor(enrolment.secret), session_duration_minutes: 60 },
      token,
    );
    expect(status, JSON.stringify(json)).toBe(200);
    const grant = json.data as Grant;
    expect(grant.totp_id).toBe(enrolment.totp_id);
    expect(grant.session.session_id).toBe(sessionId);
    expect(grant.session_token).not.toBe(token);
    expect(grant.session.authentication_factors.map((f) => f.type).sort()).toEqual([
      'password',
      'totp',
    ]);
    expect(grant.session.authentication_factors.find((f) => f.type === 'totp')).toMatchObject({
      delivery_method: 'authenticator_app',
      authenticator_app_factor: { totp_id: enrolment.totp_id },
    });
    expect(grant.user.totps).toEqual([{ totp_id: enrolment.totp_id, verified: true }]);
  });

  it('refuses a wrong code with invalid_code and keeps the session alive', async () => {
    const { token } = await signUp();
    const enrolment = await enrol(token);
    const { status, json } = await call(
      '/totps/authenticate',
      { totp_code: wrongCodeFor(enrolment.secret), session_duration_minutes: 60 },
      token,
    );
    expect(status).toBe(401);
    expect(json.error_type).toBe('invalid_code');
    for (const malformed of ['12345', 'abcdef', '１２３４５６']) {
      const refused = await call(
        '/totps/authenticate',
        { totp_code: malformed, session_duration_minutes: 60 },
        token,
      );
      expect(refused.json.error_type).toBe('invalid_code');
    }
    const still = await call('/sessions/authenticate', {}, token);
    expect(still.status).toBe(200);
  });

  it('accepts a code once, and no code of an earlier step after a later one', async () => {
    const { token, enrolment } = await enrolled();
    // Step s+1 first, then step s: both inside the ±1 window for the next 30 seconds.
    const later = await call(
      '/totps/authenticate',
      { totp_code: codeFor(enrolment.secret, 1), session_duration_minutes: 60 },
      token,
    );
    expect(later.status, JSON.stringify(later.json)).toBe(200);
    const next = (later.json.data as Grant).session_token;
    const again = await call(
      '/totps/authenticate',
      { totp_code: codeFor(enrolment.secret, 1), session_duration_minutes: 60 },
      next,
    );
    expect(again.json.error_type).toBe('totp_code_already_authenticated');
    const earlier = await call(
      '/totps/authenticate',
      { totp_code: codeFor(enrolment.secret, 0), session_duration_minutes: 60 },
      next,
    );
    expect(earlier.json.error_type).toBe('totp_code_already_authenticated');
  });

  it('lets exactly one of four concurrent uses of a code through, across sessions', async () => {
    const { email, enrolment } = await enrolled();
    // Sessions of one user, so no request fails for its token having been rotated; four, as the
    // first code used one of the five attempts a minute.
    const tokens = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const { json } = await call('/passwords/authenticate', {
          email,
          password: PASSWORD,
          session_duration_minutes: 60,
        });
        return (json.data as Grant).session_token;
      }),
    );
    // The next step's code, as the current one went to confirming the enrolment.
    const code = codeFor(enrolment.secret, 1);
    const answers = await Promise.all(
      tokens.map((each) =>
        call('/totps/authenticate', { totp_code: code, session_duration_minutes: 60 }, each),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200).map((a) => a.json.error_type)).toEqual(
      Array(3).fill('totp_code_already_authenticated'),
    );
    const rows = await server.database.db
      .select()
      .from(schema.identityTotps)
      .where(eq(schema.identityTotps.userId, enrolment.user_id));
    expect(rows.map((row) => row.verified)).toEqual([true]);
  });

  it('refuses an enrolment that was not confirmed in time', async () => {
    const { token } = await signUp();
    const enrolment = await enrol(token, 5);
    const db = server.database.db;
    const [row] = await db
      .select()
      .from(schema.identityTotps)
      .where(eq(schema.identityTotps.id, enrolment.totp_id));
    if (!row) throw new Error('enrolment not stored');
    const sealed = openTotp(server.services.box, row.secretCiphertext);
    expect(sealed.enrol_by).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(sealed.enrol_by).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    // Moves the deadline into the past instead of waiting five minutes for it.
    await db
      .update(schema.identityTotps)
      .set({
        secretCiphertext: sealTotp(server.services.box, { ...sealed, enrol_by: Date.now() - 1 }),
      })
      .where(eq(schema.identityTotps.id, row.id));
    const { status, json } = await call(
      '/totps/authenticate',
      { totp_code: codeFor(enrolment.secret), session_duration_minutes: 60 },
      token,
    );
    expect(status).toBe(400);
    expect(json.error_type).toBe('expired_totp');
  });

  it('replaces an unconfirmed enrolment, and refuses a second one once confirmed', async () => {
    const { token } = await signUp();
    const first = await enrol(token);
    const second = await enrol(token);
    expect(second.__user.totps).toEqual([{ totp_id: second.totp_id, verified: false }]);
    const withOld = await call(
      '/totps/authenticate',
      { totp_code: codeFor(first.secret), session_duration_minutes: 60 },
      token,
    );
    // One chance in a million the two secrets share the current code.
    expect(withOld.json.error_type).toBe('invalid_code');
    const confirmed = await call(
      '/totps/authenticate',
      { totp_code: codeFor(second.secret), session_duration_minutes: 60 },
      token,
    );
    expect(confirmed.status).toBe(200);
    const third = await call(
      '/totps',
      { expiration_minutes: 60 },
      (confirmed.json.data as Grant).session_token,
    );
    expect(third.status).toBe(409);
    expect(third.json.error_type).toBe('active_totp_exists');
  });

  it('answers totps_not_found_for_user when nothing is enrolled', async () => {
    const { token } = await signUp();
    const codes = await call('/totps/recovery_codes', undefined, token);
    expect(codes.json.error_type).toBe('totps_not_found_for_user');
    const { json } = await call(
      '/totps/authenticate',
      { totp_code: '123456', session_duration_minutes: 60 },
      token,
    );
    expect(json.error_type).toBe('totps_not_found_for_user');
  });

  it('takes a recovery code once, adding a recovery_code factor, and counts what is left', async () => {
    const { token, enrolment } = await enrolled();
    const [code] = enrolment.recovery_codes;
    const used = await call(
      '/totps/recover',
      { recovery_code: code?.toUpperCase(), session_duration_minutes: 60 },
      token,
    );
    expect(used.status, JSON.stringify(used.json)).toBe(200);
    const grant = used.json.data as Grant;
    expect(grant.totp_id).toBe(enrolment.totp_id);
    expect(grant.session.authentication_factors.map((f) => f.type).sort()).toEqual([
      'password',
      'recovery_code',
      'totp',
    ]);
    expect(
      grant.session.authentication_factors.find((f) => f.type === 'recovery_code'),
    ).toMatchObject({
      delivery_method: 'recovery_code',
      recovery_code_factor: {
        totp_recovery_code_id: expect.stringMatching(/^totp-recovery-code-test-/),
      },
    });

    const again = await call(
      '/totps/recover',
      { recovery_code: code, session_duration_minutes: 60 },
      grant.session_token,
    );
    expect(again.status).toBe(401);
    expect(again.json.error_type).toBe('invalid_recovery_code');

    const left = await call('/totps/recovery_codes', undefined, grant.session_token);
    expect(left.status, JSON.stringify(left.json)).toBe(200);
    expect(left.json.data).toMatchObject({
      user_id: enrolment.user_id,
      totps: {
        totp_id: enrolment.totp_id,
        verified: true,
        recovery_codes: [],
        recovery_codes_remaining: 9,
      },
    });
  });

  it('lets exactly one of four concurrent uses of a recovery code through', async () => {
    const { email, enrolment } = await enrolled();
    const tokens = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const { json } = await call('/passwords/authenticate', {
          email,
          password: PASSWORD,
          session_duration_minutes: 60,
        });
        return (json.data as Grant).session_token;
      }),
    );
    const code = enrolment.recovery_codes[3];
    const answers = await Promise.all(
      tokens.map((each) =>
        call('/totps/recover', { recovery_code: code, session_duration_minutes: 60 }, each),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200).map((a) => a.json.error_type)).toEqual(
      Array(3).fill('invalid_recovery_code'),
    );
  });

  it('does not take recovery codes of an enrolment never confirmed', async () => {
    const { token } = await signUp();
    const enrolment = await enrol(token);
    const { json } = await call(
      '/totps/recover',
      { recovery_code: enrolment.recovery_codes[0], session_duration_minutes: 60 },
      token,
    );
    expect(json.error_type).toBe('invalid_recovery_code');
  });

  it('limits a user to five attempts a minute, and never answers a sign-out error type', async () => {
    const { token } = await signUp();
    const enrolment = await enrol(token);
    const wrong = wrongCodeFor(enrolment.secret);
    const types: string[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const { json } = await call(
        '/totps/authenticate',
        { totp_code: wrong, session_duration_minutes: 60 },
        token,
      );
      types.push(String(json.error_type));
    }
    expect(types).toEqual([...Array(5).fill('invalid_code'), 'too_many_requests']);
    // The budget is shared with recovery codes, so they are no way around it.
    const recover = await call(
      '/totps/recover',
      { recovery_code: enrolment.recovery_codes[0], session_duration_minutes: 60 },
      token,
    );
    expect(recover.json.error_type).toBe('too_many_requests');
    for (const type of types) expect(UNRECOVERABLE).not.toContain(type);
  });

  it('refuses a code on a signed-out session with session_not_found', async () => {
    const { token } = await signUp();
    const enrolment = await enrol(token);
    await call('/sessions/revoke', undefined, token);
    const { status, json } = await call(
      '/totps/authenticate',
      { totp_code: codeFor(enrolment.secret), session_duration_minutes: 60 },
      token,
    );
    expect(status).toBe(404);
    expect(json.error_type).toBe('session_not_found');
  });

  it('requires the code before the authenticator can be removed, and says so in the JWT', async () => {
    const { email, enrolment } = await enrolled();
    const signIn = await call('/passwords/authenticate', {
      email,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    const passwordOnly = signIn.json.data as Grant;
    const claims = (jwt: string) =>
      JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
    expect(claims(passwordOnly.session_jwt)['https://ballast.app/second_factor']).toEqual({
      enrolled: true,
      proved: false,
    });

    const remove = (token: string) =>
      fetch(`${server.url}/sdk/v1/users/totps/${enrolment.totp_id}`, {
        method: 'DELETE',
        headers: {
          authorization: `Basic ${Buffer.from(`${server.publicToken}:${token}`).toString('base64')}`,
          'content-type': 'application/json',
        },
      });
    const refused = await remove(passwordOnly.session_token);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Body).error_type).toBe('unauthorized_action');

    // A recovery code proves the second factor as well as a fresh authenticator code would.
    const proved = await call(
      '/totps/recover',
      { recovery_code: enrolment.recovery_codes[0], session_duration_minutes: 60 },
      passwordOnly.session_token,
    );
    const full = proved.json.data as Grant;
    expect(claims(full.session_jwt)['https://ballast.app/second_factor']).toEqual({
      enrolled: true,
      proved: true,
    });
    expect((await remove(full.session_token)).status).toBe(200);
  });
});
