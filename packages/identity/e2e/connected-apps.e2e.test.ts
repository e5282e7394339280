import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensurePasswordUser } from '../src/users/ensure-password-user.ts';
import { SdkPage } from './support/sdk-page.ts';
import { identityServerAndBrowser } from './support/suite.ts';

const PASSWORD = 'a connected app asks first 2030';
const NOTEBOOK_CALLBACK = 'http://localhost:5190/notebook/callback';
const NOTEBOOK_SIGNED_OUT = 'http://localhost:5190/notebook/signed-out';
const ADMIN_CALLBACK = 'https://admin.ballast.example/oauth/callback';
const ADMIN_SECRET = randomBytes(32).toString('base64url');

type StartAnswer = {
  user_id: string;
  client: { client_id: string; client_type: string; client_name: string };
  consent_required: boolean;
  scope_results: { scope: string; is_grantable: boolean; description: string }[];
};
type SubmitAnswer = { redirect_uri: string; authorization_code?: string };
type Discovery = {
  issuer: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
};
type Tokens = {
  access_token: string;
  token_type: string;
  expires_in: number;
  id_token: string;
  scope: string;
};

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe('this service as the OpenID provider of connected apps, through the official SDK', () => {
  const suite = identityServerAndBrowser({
    options: {
      connectedApps: [
        {
          clientId: 'notebook',
          name: 'Notebook',
          description: 'Takes notes on your portfolios.',
          logoUrl: 'https://notebook.example/logo.png',
          redirectUris: [NOTEBOOK_CALLBACK],
          postLogoutRedirectUris: [NOTEBOOK_SIGNED_OUT],
          firstParty: false,
        },
        {
          clientId: 'ballast-admin',
          clientSecret: ADMIN_SECRET,
          name: 'Ballast Admin',
          redirectUris: [ADMIN_CALLBACK],
          firstParty: true,
        },
      ],
    },
  });
  let discovery: Discovery;

  beforeAll(async () => {
    discovery = (await (
      await fetch(`${suite.server.url}/.well-known/openid-configuration`)
    ).json()) as Discovery;
  });

  /** A page of the login app, signed in with a password through the SDK. */
  async function signedInPage() {
    const email = `reader.${crypto.randomUUID()}@ballast.test`;
    const project = await suite.server.services.projects.byPublicToken(suite.server.publicToken);
    await ensurePasswordUser(suite.server.database.db, project, {
      email,
      password: PASSWORD,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const signedIn = await sdk.call<{ user_id: string }>(
      'return client.passwords.authenticate({ email: args.email, password: args.password, session_duration_minutes: 60 });',
      { email, password: PASSWORD },
    );
    if (!signedIn.ok) throw new Error(JSON.stringify(signedIn.error));
    return { sdk, email, userId: signedIn.value.user_id };
  }

  function authorizeStart(sdk: SdkPage, request: Record<string, unknown>) {
    return sdk.call<StartAnswer>('return client.idp.oauthAuthorizeStart(args);', request);
  }

  function authorizeSubmit(sdk: SdkPage, request: Record<string, unknown>) {
    return sdk.call<SubmitAnswer>('return client.idp.oauthAuthorizeSubmit(args);', request);
  }

  function redeem(body: Record<string, string>, headers: Record<string, string> = {}) {
    return fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body),
    });
  }

  it('publishes where its endpoints and keys are', () => {
    expect(discovery).toMatchObject({
      issuer: suite.server.url,
      // The project's login page runs the SDK's idp calls.
      authorization_endpoint: 'http://localhost/authenticate',
      token_endpoint: `${suite.server.url}/v1/oauth2/token`,
      userinfo_endpoint: `${suite.server.url}/v1/oauth2/userinfo`,
      jwks_uri: `${suite.server.url}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('asks for consent, then gives a public app a code it redeems once with PKCE for verified tokens', async () => {
    const { sdk, email, userId } = await signedInPage();
    const request = {
      client_id: 'notebook',
      redirect_uri: NOTEBOOK_CALLBACK,
      response_type: 'code',
      scopes: ['openid', 'email', 'profile', 'phone'],
    };
    const started = await authorizeStart(sdk, request);
    if (!started.ok) throw new Error(JSON.stringify(started.error));
    expect(started.value).toMatchObject({
      user_id: userId,
      client: {
        client_id: 'notebook',
        client_type: 'third_party_public',
        client_name: 'Notebook',
        client_description: 'Takes notes on your portfolios.',
        client_logo_url: 'https://notebook.example/logo.png',
      },
      consent_required: true,
    });
    expect(
      started.value.scope_results.map(({ scope, is_grantable }) => [scope, is_grantable]),
    ).toEqual([
      ['openid', true],
      ['email', true],
      ['profile', true],
      ['phone', false],
    ]);

    const { verifier, challenge } = pkcePair();
    const nonce = randomBytes(16).toString('hex');
    const submitted = await authorizeSubmit(sdk, {
      ...request,
      state: 'state-1',
      nonce,
      code_challenge: challenge,
      consent_granted: true,
    });
    if (!submitted.ok) throw new Error(JSON.stringify(submitted.error));
    const back = new URL(submitted.value.redirect_uri);
    expect(`${back.origin}${back.pathname}`).toBe(NOTEBOOK_CALLBACK);
    expect(back.searchParams.get('state')).toBe('state-1');
    const code = back.searchParams.get('code');
    expect(code).toBe(submitted.value.authorization_code);

    const exchange = {
      grant_type: 'authorization_code',
      code: code ?? '',
      redirect_uri: NOTEBOOK_CALLBACK,
      client_id: 'notebook',
      code_verifier: verifier,
    };
    const answer = await redeem(exchange);
    expect(answer.status).toBe(200);
    const tokens = (await answer.json()) as Tokens;
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'openid email profile' });
    expect(tokens.expires_in).toBeGreaterThan(0);
    expect(tokens.expires_in).toBeLessThanOrEqual(5 * 60);

    const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
    const { payload: idToken } = await jwtVerify(tokens.id_token, jwks, {
      issuer: discovery.issuer,
      audience: 'notebook',
    });
    expect(idToken).toMatchObject({
      sub: userId,
      nonce,
      email,
      email_verified: true,
      name: 'Grace Hopper',
      given_name: 'Grace',
      family_name: 'Hopper',
    });
    expect(idToken).not.toHaveProperty('phone_number');
    const { payload: access } = await jwtVerify(tokens.access_token, jwks, {
      issuer: discovery.issuer,
      audience: 'notebook',
      typ: 'at+jwt',
    });
    expect(access).toMatchObject({ sub: userId, scope: 'openid email profile' });

    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await userinfo.json()).toMatchObject({ sub: userId, email, name: 'Grace Hopper' });

    const again = await redeem(exchange);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });

    // The consent is remembered: the next request for the same scopes needs no screen, and the
    // SDK's own consent page then submits with consent_granted: false.
    const restarted = await authorizeStart(sdk, request);
    expect(restarted).toMatchObject({ ok: true, value: { consent_required: false } });
    const resubmitted = await authorizeSubmit(sdk, {
      ...request,
      code_challenge: pkcePair().challenge,
      consent_granted: false,
    });
    if (!resubmitted.ok) throw new Error(JSON.stringify(resubmitted.error));
    expect(resubmitted.value.authorization_code).toEqual(expect.any(String));
    await sdk.close();
  });

  it('sends a refusal back to the app as access_denied, with its state and no code', async () => {
    const { sdk } = await signedInPage();
    const request = {
      client_id: 'notebook',
      redirect_uri: NOTEBOOK_CALLBACK,
      response_type: 'code',
      scopes: ['openid', 'email'],
    };
    expect(await authorizeStart(sdk, request)).toMatchObject({
      ok: true,
      value: { consent_required: true },
    });
    const refused = await authorizeSubmit(sdk, {
      ...request,
      state: 'state-2',
      code_challenge: pkcePair().challenge,
      consent_granted: false,
    });
    if (!refused.ok) throw new Error(JSON.stringify(refused.error));
    expect(refused.value.authorization_code).toBeUndefined();
    const back = new URL(refused.value.redirect_uri);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-2');
    expect(back.searchParams.has('code')).toBe(false);

    // Refusing remembered nothing: the next request asks again.
    expect(await authorizeStart(sdk, request)).toMatchObject({
      ok: true,
      value: { consent_required: true },
    });
    await sdk.close();
  });

  it('lets a first-party app in without consent, redeeming with its client secret', async () => {
    const { sdk, userId } = await signedInPage();
    const request = {
      client_id: 'ballast-admin',
      redirect_uri: ADMIN_CALLBACK,
      response_type: 'code',
      scopes: ['openid', 'email'],
    };
    const started = await authorizeStart(sdk, request);
    expect(started).toMatchObject({
      ok: true,
      value: { consent_required: false, client: { client_type: 'first_party' } },
    });
    const submitted = await authorizeSubmit(sdk, {
      ...request,
      state: 's',
      consent_granted: false,
    });
    if (!submitted.ok) throw new Error(JSON.stringify(submitted.error));
    const code = submitted.value.authorization_code ?? '';
    const exchange = { grant_type: 'authorization_code', code, redirect_uri: ADMIN_CALLBACK };
    const credentials = (secret: string) =>
      `Basic ${Buffer.from(`ballast-admin:${secret}`).toString('base64')}`;

    const wrongSecret = await redeem(exchange, { authorization: credentials('not-the-secret') });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });

    const answer = await redeem(exchange, { authorization: credentials(ADMIN_SECRET) });
    expect(answer.status).toBe(200);
    const tokens = (await answer.json()) as Tokens;
    const { payload } = await jwtVerify(
      tokens.id_token,
      createRemoteJWKSet(new URL(discovery.jwks_uri)),
      { issuer: discovery.issuer, audience: 'ballast-admin' },
    );
    expect(payload.sub).toBe(userId);
    expect(payload).not.toHaveProperty('nonce');
    await sdk.close();
  });

  it('refuses an unknown client, an unregistered redirect URI and a public app without PKCE', async () => {
    const { sdk } = await signedInPage();
    const request = {
      client_id: 'notebook',
      redirect_uri: NOTEBOOK_CALLBACK,
      response_type: 'code',
      scopes: ['openid'],
    };
    expect(await authorizeStart(sdk, { ...request, client_id: 'nobody' })).toMatchObject({
      ok: false,
      error: { error_type: 'connected_app_not_found' },
    });
    for (const redirect of [`${NOTEBOOK_CALLBACK}/x`, 'https://evil.example/callback']) {
      expect(await authorizeStart(sdk, { ...request, redirect_uri: redirect })).toMatchObject({
        ok: false,
        error: { error_type: 'connected_app_supplied_redirect_url_not_found_in_client' },
      });
    }
    expect(
      await authorizeSubmit(sdk, {
        ...request,
        redirect_uri: ADMIN_CALLBACK,
        consent_granted: true,
      }),
    ).toMatchObject({
      ok: false,
      error: { error_type: 'connected_app_supplied_redirect_url_not_found_in_client' },
    });
    expect(await authorizeSubmit(sdk, { ...request, consent_granted: true })).toMatchObject({
      ok: false,
      error: { error_type: 'pkce_required_for_idp_authorization_flow' },
    });
    await sdk.close();
  });

  it('refuses to authorize without a session', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const started = await authorizeStart(sdk, {
      client_id: 'notebook',
      redirect_uri: NOTEBOOK_CALLBACK,
      response_type: 'code',
      scopes: ['openid'],
    });
    expect(started).toMatchObject({ ok: false, error: { error_type: 'session_not_found' } });
    await sdk.close();
  });

  it('sends the browser back after logout only to a registered URI, asking unless the app proves the session', async () => {
    const { sdk } = await signedInPage();
    const logout = (request: Record<string, unknown>) =>
      sdk.call<{ redirect_uri: string; consent_required: boolean }>(
        'return client.idp.oauthLogoutStart(args);',
        request,
      );
    const unhinted = await logout({
      client_id: 'notebook',
      post_logout_redirect_uri: NOTEBOOK_SIGNED_OUT,
      state: 'bye',
    });
    expect(unhinted).toMatchObject({
      ok: true,
      value: { redirect_uri: `${NOTEBOOK_SIGNED_OUT}?state=bye`, consent_required: true },
    });
    expect(
      await logout({ client_id: 'notebook', post_logout_redirect_uri: NOTEBOOK_CALLBACK }),
    ).toMatchObject({
      ok: false,
      error: { error_type: 'connected_app_supplied_redirect_url_not_found_in_client' },
    });

    // With an ID token from this very session the app proves who asks: no question.
    const { verifier, challenge } = pkcePair();
    const request = {
      client_id: 'notebook',
      redirect_uri: NOTEBOOK_CALLBACK,
      response_type: 'code',
      scopes: ['openid'],
    };
    const submitted = await authorizeSubmit(sdk, {
      ...request,
      code_challenge: challenge,
      consent_granted: true,
    });
    if (!submitted.ok) throw new Error(JSON.stringify(submitted.error));
    const tokens = (await (
      await redeem({
        grant_type: 'authorization_code',
        code: submitted.value.authorization_code ?? '',
        redirect_uri: NOTEBOOK_CALLBACK,
        client_id: 'notebook',
        code_verifier: verifier,
      })
    ).json()) as Tokens;
    expect(
      await logout({
        client_id: 'notebook',
        post_logout_redirect_uri: NOTEBOOK_SIGNED_OUT,
        id_token_hint: tokens.id_token,
      }),
    ).toMatchObject({ ok: true, value: { consent_required: false } });
    await sdk.close();
  });
});
