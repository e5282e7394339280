import { createHash, randomBytes } from 'node:crypto';
import { schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityTestServer, startIdentityServer } from '../../e2e/support/identity-server.ts';
import { hashSecret } from '../crypto/tokens.ts';
import { ensurePasswordUser } from '../users/ensure-password-user.ts';
import { claimAuthorizationCode, findAuthorizationCode } from './authorization-codes.ts';
import type { ConnectedAppConfig } from './connected-apps.ts';

const PASSWORD = 'connected apps ask politely 2031';
const SECRET = randomBytes(32).toString('base64url');
const SPA_CALLBACK = 'http://localhost:5199/callback';
const SERVER_CALLBACK = 'https://reports.example/oauth/callback';

const APPS: ConnectedAppConfig[] = [
  { clientId: 'spa', name: 'Notebook', redirectUris: [SPA_CALLBACK], firstParty: false },
  {
    clientId: 'reports',
    clientSecret: SECRET,
    name: 'Reports',
    redirectUris: [SERVER_CALLBACK],
    firstParty: true,
    scopes: ['openid', 'email', 'profile', 'phone', 'reports:read'],
  },
];

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

describe('the token endpoint and user info, over HTTP', () => {
  let server: IdentityTestServer;

  beforeAll(async () => {
    server = await startIdentityServer({ options: { connectedApps: APPS } });
  });

  afterAll(() => server?.stop());

  function sdkCall(path: string, body: object, sessionToken?: string) {
    return fetch(`${server.url}/sdk/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: basic(server.publicToken, sessionToken ?? server.publicToken),
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  }

  async function signIn() {
    const email = `app.${crypto.randomUUID()}@ballast.test`;
    const project = await server.services.projects.byPublicToken(server.publicToken);
    await ensurePasswordUser(server.database.db, project, {
      email,
      password: PASSWORD,
      firstName: 'Ada',
      lastName: 'Byron',
    });
    const response = await sdkCall('/passwords/authenticate', {
      email,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    const { data } = (await response.json()) as {
      data: { session_token: string; session_jwt: string; user_id: string };
    };
    return { email, ...data };
  }

  /** A code for `clientId`, approved by a freshly signed-in user. */
  async function authorize(clientId: 'spa' | 'reports', options: { challenge?: string } = {}) {
    const user = await signIn();
    const response = await sdkCall(
      '/idp/oauth/authorize/submit',
      {
        client_id: clientId,
        redirect_uri: clientId === 'spa' ? SPA_CALLBACK : SERVER_CALLBACK,
        response_type: 'code',
        scopes: ['openid', 'email'],
        consent_granted: true,
        state: 'st',
        nonce: 'nn',
        ...(options.challenge ? { code_challenge: options.challenge } : {}),
      },
      user.session_token,
    );
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { authorization_code: string } };
    return { user, code: data.authorization_code };
  }

  function token(body: Record<string, string>, headers: Record<string, string> = {}) {
    return fetch(`${server.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body),
    });
  }

  it('redeems a code exactly once, however many redemptions race', async () => {
    const { verifier, challenge } = pkcePair();
    const { code } = await authorize('spa', { challenge });
    const body = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: SPA_CALLBACK,
      client_id: 'spa',
      code_verifier: verifier,
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => token(body)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    const refused = answers.find((answer) => answer.status === 400);
    expect(await refused?.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('grants nothing, and so reveals nobody, when no requested scope is grantable', async () => {
    const user = await signIn();
    for (const scopes of [[], ['phone', 'notes:write']]) {
      const response = await sdkCall(
        '/idp/oauth/authorize/submit',
        {
          client_id: 'spa',
          redirect_uri: SPA_CALLBACK,
          response_type: 'code',
          scopes,
          consent_granted: true,
          code_challenge: pkcePair().challenge,
        },
        user.session_token,
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error_type: 'bad_request' });
    }
  });

  it('refuses to connect an app from an impersonation or before the second factor', async () => {
    const request = {
      client_id: 'reports',
      redirect_uri: SERVER_CALLBACK,
      response_type: 'code',
      scopes: ['openid'],
    };
    const { identitySessions, identityTotps } = schema;
    const impersonated = await signIn();
    await server.database.db
      .update(identitySessions)
      .set({ impersonatorId: 'user-test-support' })
      .where(eq(identitySessions.userId, impersonated.user_id));
    const enrolled = await signIn();
    await server.database.db.insert(identityTotps).values({
      id: `totp-test-${crypto.randomUUID()}`,
      userId: enrolled.user_id,
      secretCiphertext: 'unused',
      verified: true,
    });
    for (const user of [impersonated, enrolled]) {
      const response = await sdkCall('/idp/oauth/authorize/start', request, user.session_token);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error_type: 'unauthorized_action' });
    }
  });

  it('claims a code once even when two redemptions both found it live', async () => {
    const { code } = await authorize('spa', { challenge: pkcePair().challenge });
    const { db } = server.database;
    // Both lookups happen before either claim: the interleaving the conditional update guards.
    const [first, second] = await Promise.all([
      findAuthorizationCode(db, code),
      findAuthorizationCode(db, code),
    ]);
    if (!first || !second) throw new Error('the code was not found');
    const claims = await Promise.all([
      claimAuthorizationCode(db, first),
      claimAuthorizationCode(db, second),
    ]);
    expect(claims.sort()).toEqual([false, true]);
    expect(await findAuthorizationCode(db, code)).toBeUndefined();
  });

  it('does not spend the code on a wrong verifier, client or redirect URI', async () => {
    const { verifier, challenge } = pkcePair();
    const { code } = await authorize('spa', { challenge });
    const good = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: SPA_CALLBACK,
      client_id: 'spa',
      code_verifier: verifier,
    };
    const attempts = [
      { ...good, code_verifier: pkcePair().verifier },
      { ...good, redirect_uri: `${SPA_CALLBACK}/other` },
      { ...good, code_verifier: '' },
    ];
    for (const attempt of attempts) {
      const answer = await token(attempt);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ error: 'invalid_grant' });
    }
    const otherClient = await token(
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: SPA_CALLBACK,
        code_verifier: verifier,
      },
      { authorization: basic('reports', SECRET) },
    );
    expect(otherClient.status).toBe(400);
    expect(await otherClient.json()).toMatchObject({ error: 'invalid_grant' });

    const redeemed = await token(good);
    expect(redeemed.status).toBe(200);
  });

  it('authenticates a confidential client by Basic header or form, never both, never wrongly', async () => {
    const first = await authorize('reports');
    const wrong = await token(
      { grant_type: 'authorization_code', code: first.code, redirect_uri: SERVER_CALLBACK },
      { authorization: basic('reports', `${SECRET}x`) },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Basic');
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });

    const missing = await token({
      grant_type: 'authorization_code',
      code: first.code,
      redirect_uri: SERVER_CALLBACK,
      client_id: 'reports',
    });
    expect(missing.status).toBe(401);

    const both = await token(
      {
        grant_type: 'authorization_code',
        code: first.code,
        redirect_uri: SERVER_CALLBACK,
        client_secret: SECRET,
      },
      { authorization: basic('reports', SECRET) },
    );
    expect(await both.json()).toMatchObject({ error: 'invalid_request' });

    const posted = await token({
      grant_type: 'authorization_code',
      code: first.code,
      redirect_uri: SERVER_CALLBACK,
      client_id: 'reports',
      client_secret: SECRET,
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('cache-control')).toBe('no-store');

    // Some client libraries post JSON; it is read the same way.
    const second = await authorize('reports');
    const json = await fetch(`${server.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic('reports', SECRET) },
      body: JSON.stringify({
        grant_type: 'authorization_code',
        code: second.code,
        redirect_uri: SERVER_CALLBACK,
      }),
    });
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({ token_type: 'Bearer', scope: 'openid email' });
  });

  it('refuses other grant types, repeated parameters and a confidential code given a verifier', async () => {
    const refresh = await token({
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: 'spa',
    });
    expect(await refresh.json()).toMatchObject({ error: 'unsupported_grant_type' });

    const repeated = await fetch(`${server.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&client_id=spa&code=a&code=b',
    });
    expect(await repeated.json()).toMatchObject({ error: 'invalid_request' });

    const { code } = await authorize('reports');
    const withVerifier = await token(
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: SERVER_CALLBACK,
        code_verifier: pkcePair().verifier,
      },
      { authorization: basic('reports', SECRET) },
    );
    expect(await withVerifier.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses an expired code', async () => {
    const { verifier, challenge } = pkcePair();
    const { code } = await authorize('spa', { challenge });
    const { identityOneTimeTokens } = schema;
    await server.database.db
      .update(identityOneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        and(
          eq(identityOneTimeTokens.kind, 'idp_code'),
          eq(identityOneTimeTokens.tokenHash, hashSecret(code)),
        ),
      );
    const answer = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: SPA_CALLBACK,
      client_id: 'spa',
      code_verifier: verifier,
    });
    expect(await answer.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('ends what the app can do once the user signs out', async () => {
    const { verifier, challenge } = pkcePair();
    const { user, code } = await authorize('spa', { challenge });
    const answer = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: SPA_CALLBACK,
      client_id: 'spa',
      code_verifier: verifier,
    });
    const { access_token: accessToken } = (await answer.json()) as { access_token: string };
    const before = await fetch(`${server.url}/v1/oauth2/userinfo`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(await before.json()).toEqual({
      sub: user.user_id,
      email: user.email,
      email_verified: true,
    });

    await sdkCall('/sessions/revoke', {}, user.session_token);
    const after = await fetch(`${server.url}/v1/oauth2/userinfo`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('does not take a session JWT or an ID token for an access token', async () => {
    const { verifier, challenge } = pkcePair();
    const { user, code } = await authorize('spa', { challenge });
    const answer = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: SPA_CALLBACK,
      client_id: 'spa',
      code_verifier: verifier,
    });
    const { id_token: idToken } = (await answer.json()) as { id_token: string };
    for (const bearer of [user.session_jwt, idToken, 'not-a-jwt']) {
      const refused = await fetch(`${server.url}/v1/oauth2/userinfo`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(refused.status).toBe(401);
    }
    const none = await fetch(`${server.url}/v1/oauth2/userinfo`);
    expect(none.status).toBe(401);
  });

  it('lets only the apps’ own origins read token answers from a browser', async () => {
    const preflight = await fetch(`${server.url}/v1/oauth2/token`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5199',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5199');

    const stranger = await token(
      { grant_type: 'authorization_code', client_id: 'spa', code: 'x' },
      { origin: 'https://evil.example' },
    );
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });
});
