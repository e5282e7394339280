import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityTestServer, startIdentityServer } from '../../e2e/support/identity-server.ts';
import { ensurePasswordUser } from '../users/ensure-password-user.ts';

const PASSWORD = 'administrators guard the harbor 2029';

describe('POST /v1/admin/impersonation_tokens', () => {
  let server: IdentityTestServer;

  beforeAll(async () => {
    server = await startIdentityServer();
  });

  afterAll(() => server?.stop());

  function sdkCall(path: string, body: object, sessionToken?: string) {
    return fetch(`${server.url}/sdk/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${server.publicToken}:${sessionToken ?? server.publicToken}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  }

  async function signedIn(role: string | undefined) {
    const email = `${role ?? 'plain'}.${crypto.randomUUID()}@ballast.test`;
    const project = await server.services.projects.byPublicToken(server.publicToken);
    await ensurePasswordUser(server.database.db, project, {
      email,
      password: PASSWORD,
      firstName: 'Test',
      lastName: 'User',
      ...(role ? { trustedMetadata: { role } } : {}),
    });
    const response = await sdkCall('/passwords/authenticate', {
      email,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    const { data } = (await response.json()) as {
      data: { session_jwt: string; session_token: string; user_id: string };
    };
    return { email, ...data };
  }

  function mint(jwt: string | undefined, body: object) {
    return fetch(`${server.url}/v1/admin/impersonation_tokens`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
      },
      body: JSON.stringify(body),
    });
  }

  it('lets an administrator mint a token that signs in as the user, recording who impersonates', async () => {
    const admin = await signedIn('ADMINISTRATOR');
    const target = await signedIn('ADVISOR');
    const minted = await mint(admin.session_jwt, { email: target.email });
    expect(minted.status).toBe(200);
    const { data } = (await minted.json()) as {
      data: { impersonation_token: string; expires_at: string };
    };
    expect(Date.parse(data.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const redeemed = await sdkCall('/impersonation/authenticate', {
      impersonation_token: data.impersonation_token,
    });
    expect(redeemed.status).toBe(200);
    const session = (
      (await redeemed.json()) as {
        data: { user_id: string; session: { authentication_factors: object[] } };
      }
    ).data;
    expect(session.user_id).toBe(target.user_id);
    expect(session.session.authentication_factors[0]).toMatchObject({
      type: 'impersonated',
      impersonated_factor: {
        impersonator_id: admin.user_id,
        impersonator_email_address: admin.email.toLowerCase(),
      },
    });
  });

  it('refuses anyone who is not an administrator, and calls without a session', async () => {
    const advisor = await signedIn('ADVISOR');
    const target = await signedIn(undefined);
    for (const jwt of [advisor.session_jwt, undefined, 'not-a-jwt']) {
      const response = await mint(jwt, { user_id: target.user_id });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error_type: 'unauthorized_action' });
    }
  });

  it('refuses a still-unexpired JWT of a session that was revoked', async () => {
    const admin = await signedIn('ADMINISTRATOR');
    const target = await signedIn('ADVISOR');
    await sdkCall('/sessions/revoke', {}, admin.session_token);
    const response = await mint(admin.session_jwt, { user_id: target.user_id });
    expect(response.status).toBe(403);
  });

  it('answers user_not_found for an address without an account', async () => {
    const admin = await signedIn('ADMINISTRATOR');
    const response = await mint(admin.session_jwt, {
      email: `nobody.${crypto.randomUUID()}@ballast.test`,
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error_type: 'user_not_found' });
  });
});
