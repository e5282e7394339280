import {
  type FirmSignInPolicy,
  SECOND_FACTOR_REQUIRED,
  SESSION_MINUTES_TOO_SHORT,
  SIGN_IN_METHOD_REQUIRED,
} from '@ballast/contract';
import { schema } from '@ballast/db';
import { linkMailedTo } from '@ballast/db/testing';
import { ensurePasswordUser } from '@ballast/identity';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedIn, useApi } from './support/api-fixture.ts';
import { authenticatorCode } from './support/authenticator.ts';

const PASSWORD = 'policies keep the harbor gate 3318';

type Grant = {
  session_token: string;
  session_jwt: string;
  session: { expires_at: string };
};
type SdkAnswer = { status: number; data?: Grant & Record<string, unknown>; error_type?: string };

describe('the firm’s sign-in policy (decision 023)', () => {
  const api = useApi();

  async function sdk(path: string, body: object, sessionToken?: string): Promise<SdkAnswer> {
    const response = await api.app.inject({
      method: 'POST',
      url: `/sdk/v1${path}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${api.publicToken}:${sessionToken ?? api.publicToken}`).toString('base64')}`,
      },
      payload: body,
    });
    const json = response.json() as { data?: Grant; error_type?: string };
    return { status: response.statusCode, ...json };
  }

  function setPolicy(as: SignedIn, policy: object) {
    return api.call(as, {
      method: 'PUT',
      url: `/firms/${as.firmId}/sign-in-policy`,
      payload: policy,
    });
  }

  it('reads every available method for a firm without a policy, and only to administrators', async () => {
    const admin = await api.signIn('ADMINISTRATOR');
    const answer = await api.call(admin, {
      method: 'GET',
      url: `/firms/${admin.firmId}/sign-in-policy`,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      methods: ['password', 'email_link', 'email_code', 'sms_code', 'passkey', 'wallet'],
      second_factor_roles: [],
      session_minutes: 720,
      available_methods: ['password', 'email_link', 'email_code', 'sms_code', 'passkey', 'wallet'],
      max_session_minutes: 10_080,
    });
    const cio = await api.signIn('CIO', { firmId: admin.firmId });
    expect(
      (await api.call(cio, { method: 'GET', url: `/firms/${admin.firmId}/sign-in-policy` }))
        .statusCode,
    ).toBe(403);
    const stranger = await api.signIn('ADMINISTRATOR');
    expect(
      (await api.call(stranger, { method: 'GET', url: `/firms/${admin.firmId}/sign-in-policy` }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a policy outside the installation’s bounds at its fields', async () => {
    const admin = await api.signIn('ADMINISTRATOR');
    const refused = await setPolicy(admin, {
      methods: ['password', 'oauth'],
      second_factor_roles: [],
      session_minutes: 20_000,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      type: 'validation_error',
      errors: [
        {
          code: 'invalid',
          detail: 'This installation is not configured for oauth sign-in.',
          attr: 'methods.1',
        },
        {
          code: 'invalid',
          detail: 'A sign-in can last at most 10080 minutes on this installation.',
          attr: 'session_minutes',
        },
      ],
    });
    const empty = await setPolicy(admin, {
      methods: [],
      second_factor_roles: [],
      session_minutes: 5,
    });
    expect(empty.json()).toMatchObject({
      errors: [
        { detail: SIGN_IN_METHOD_REQUIRED, attr: 'methods' },
        { detail: SESSION_MINUTES_TOO_SHORT, attr: 'session_minutes' },
      ],
    });
  });

  it('holds each sign-in to the firm’s methods and session length, and audits the change', async () => {
    const admin = await api.signIn('ADMINISTRATOR');
    const saved = await setPolicy(admin, {
      methods: ['email_link', 'passkey'],
      second_factor_roles: [],
      session_minutes: 30,
    });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as FirmSignInPolicy).methods).toEqual(['email_link', 'passkey']);

    const email = `member.${crypto.randomUUID()}@ballast.test`;
    await api.database.db
      .insert(schema.advisors)
      .values({ firmId: admin.firmId, email, firstName: 'Mem', lastName: 'Ber', role: 'ADVISOR' });
    const project = await api.identity.projects.byPublicToken(api.publicToken);
    await ensurePasswordUser(api.database.db, project, {
      email,
      password: PASSWORD,
      firstName: 'Mem',
      lastName: 'Ber',
    });
    const byPassword = await sdk('/passwords/authenticate', {
      email,
      password: PASSWORD,
      session_duration_minutes: 600,
    });
    expect(byPassword.status).toBe(403);
    expect(byPassword.error_type).toBe('sign_in_method_not_offered');

    await sdk('/magic_links/email/login_or_create', { email });
    const link = await linkMailedTo(api.database.db, email);
    const byLink = await sdk('/magic_links/authenticate', {
      token: new URL(link).searchParams.get('token'),
      session_duration_minutes: 600,
    });
    expect(byLink.status).toBe(200);
    const lasts = Date.parse(byLink.data?.session.expires_at ?? '') - Date.now();
    expect(lasts).toBeGreaterThan(29 * 60_000);
    expect(lasts).toBeLessThanOrEqual(30 * 60_000);

    const [event] = await api.database.db
      .select()
      .from(schema.firmAuditEvents)
      .where(eq(schema.firmAuditEvents.firmId, admin.firmId));
    expect(event).toMatchObject({
      kind: 'SIGN_IN_POLICY_CHANGED',
      actorAdvisorId: admin.advisorId,
      before: {
        methods: 'password, email_link, email_code, sms_code, passkey, wallet',
        session_minutes: 720,
      },
      after: { methods: 'email_link, passkey', session_minutes: 30 },
    });
  });

  it('asks a role the policy names for an authenticator before any api call', async () => {
    // RFC 6238 appendix B, so the codes below are worked out independently of the service.
    const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(authenticatorCode(rfcSecret, 59_000)).toBe('287082');
    expect(authenticatorCode(rfcSecret, 1_111_111_109_000)).toBe('081804');

    const admin = await api.signIn('ADMINISTRATOR');
    const operations = await api.signIn('OPERATIONS', { firmId: admin.firmId });
    const advisor = await api.signIn('ADVISOR', { firmId: admin.firmId });
    expect(
      (
        await setPolicy(admin, {
          methods: ['password'],
          second_factor_roles: ['OPERATIONS'],
          session_minutes: 60,
        })
      ).statusCode,
    ).toBe(200);

    const self = (as: SignedIn) => api.call(as, { method: 'GET', url: '/advisors/self' });
    await expect.poll(async () => (await self(operations)).statusCode).toBe(403);
    expect((await self(operations)).json()).toMatchObject({
      errors: [{ code: 'permission_denied', detail: SECOND_FACTOR_REQUIRED }],
    });
    expect((await self(advisor)).statusCode).toBe(200);

    // The operations clerk sets up an authenticator in their password session and proves it.
    const signedIn = await sdk('/passwords/authenticate', {
      email: operations.email,
      password: 'fixture passphrase for the api tests 4471',
      session_duration_minutes: 60,
    });
    const token = signedIn.data?.session_token ?? '';
    const enrolment = await sdk('/totps', { expiration_minutes: 5 }, token);
    const secret = String(enrolment.data?.secret ?? '');
    const proved = await sdk(
      '/totps/authenticate',
      { totp_code: authenticatorCode(secret), session_duration_minutes: 60 },
      token,
    );
    expect(proved.status).toBe(200);
    const withCode = { ...operations, jwt: proved.data?.session_jwt ?? '' };
    expect((await self(withCode)).statusCode).toBe(200);
  });
});
