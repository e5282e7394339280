import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityTestServer, startIdentityServer } from '../../e2e/support/identity-server.ts';
import {
  startTestOidcProvider,
  type TestOidcAccount,
  type TestOidcProvider,
} from '../../e2e/support/oidc-provider.ts';
import { pkceChallengeOf, randomToken } from '../crypto/tokens.ts';

const LOGIN_URL = 'http://localhost/app/login';
const SIGNUP_URL = 'http://localhost/app/welcome';

type Grant = {
  user_id: string;
  session_token: string;
  user: {
    emails: { email: string; verified: boolean }[];
    providers: { provider_type: string; provider_subject: string }[];
  };
  session: { authentication_factors: Record<string, unknown>[] };
  provider_subject: string;
  provider_type: string;
  oauth_user_registration_id: string;
  provider_values: { access_token: string; refresh_token: string; scopes: string[] };
};

describe('OAuth sign-in against a real OpenID provider', () => {
  let oidc: TestOidcProvider;
  let server: IdentityTestServer;

  beforeAll(async () => {
    oidc = await startTestOidcProvider();
    server = await startIdentityServer({
      options: {
        oauthProviders: [
          {
            name: 'google',
            issuer: oidc.issuer,
            clientId: oidc.clientId,
            clientSecret: oidc.clientSecret,
          },
        ],
      },
    });
    await oidc.allowRedirectTo(`${server.url}/v1/public/oauth/callback`);
  });

  afterAll(async () => {
    await server?.stop();
    await oidc?.stop();
  });

  function sdkPost(path: string, body: object, sessionToken?: string) {
    const secret = sessionToken ?? server.publicToken;
    return fetch(`${server.url}/sdk/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${server.publicToken}:${secret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  }

  function startUrl(query: Record<string, string> = {}, provider = 'google'): string {
    const url = new URL(`${server.url}/v1/public/oauth/${provider}/start`);
    url.searchParams.set('public_token', server.publicToken);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.href;
  }

  /**
   * Follows redirects as a browser would, keeping the provider's cookies, until the browser
   * leaves both the identity service and the provider (the app's page it lands on), or `until`.
   */
  async function follow(
    url: string,
    until = (next: string) => !next.startsWith(oidc.issuer) && !next.startsWith(server.url),
  ): Promise<URL> {
    const cookies = new Map<string, string>();
    let current = url;
    for (let hop = 0; hop < 12; hop++) {
      const atProvider = current.startsWith(oidc.issuer);
      const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(current, {
        redirect: 'manual',
        headers: atProvider && cookie ? { cookie } : {},
      });
      if (atProvider) {
        for (const header of response.headers.getSetCookie()) {
          const pair = header.slice(0, header.indexOf(';'));
          const name = pair.slice(0, pair.indexOf('='));
          const value = pair.slice(pair.indexOf('=') + 1);
          if (value) cookies.set(name, value);
          else cookies.delete(name);
        }
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(`${current} answered ${response.status}: ${await response.text()}`);
      }
      current = new URL(location, current).href;
      if (until(current)) return new URL(current);
    }
    throw new Error('too many redirects');
  }

  /** One whole flow with the SDK's PKCE: the page it lands on and the verifier to redeem with. */
  async function signInAtProvider(account: TestOidcAccount) {
    oidc.signInAs(account);
    const verifier = randomToken();
    const landing = await follow(
      startUrl({
        code_challenge: pkceChallengeOf(verifier),
        login_redirect_url: LOGIN_URL,
        signup_redirect_url: SIGNUP_URL,
      }),
    );
    return { landing, verifier, token: landing.searchParams.get('token') ?? '' };
  }

  async function authenticate(token: string, verifier: string | undefined) {
    const response = await sdkPost('/oauth/authenticate', {
      token,
      session_duration_minutes: 60,
      ...(verifier === undefined ? {} : { code_verifier: verifier }),
    });
    const body = (await response.json()) as { data?: Grant; error_type?: string };
    return { status: response.status, data: body.data, errorType: body.error_type };
  }

  function account(overrides: Partial<TestOidcAccount> = {}): TestOidcAccount {
    const sub = `subject-${crypto.randomUUID()}`;
    return {
      sub,
      email: `${sub}@ballast.test`,
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      ...overrides,
    };
  }

  it('signs a new person up at the signup URL, then back in at the login URL as the same user', async () => {
    const person = account();
    const first = await signInAtProvider(person);
    expect(first.landing.origin + first.landing.pathname).toBe(SIGNUP_URL);
    expect(first.landing.searchParams.get('stytch_token_type')).toBe('oauth');

    const signedUp = await authenticate(first.token, first.verifier);
    expect(signedUp.status).toBe(200);
    const grant = signedUp.data as Grant;
    expect(grant.provider_type).toBe('google');
    expect(grant.provider_subject).toBe(person.sub);
    expect(grant.user.emails).toEqual([
      expect.objectContaining({ email: person.email, verified: true }),
    ]);
    expect(grant.user.providers).toEqual([
      expect.objectContaining({ provider_type: 'google', provider_subject: person.sub }),
    ]);
    expect(grant.session.authentication_factors).toEqual([
      expect.objectContaining({
        type: 'oauth',
        delivery_method: 'oauth_google',
        google_oauth_factor: {
          id: grant.oauth_user_registration_id,
          provider_subject: person.sub,
          email_id: expect.stringMatching(/^email-test-/),
        },
      }),
    ]);
    expect(grant.provider_values.access_token).not.toBe('');
    expect(grant.provider_values.refresh_token).toBe('');
    expect(grant.provider_values.scopes).toEqual(expect.arrayContaining(['openid', 'email']));

    const second = await signInAtProvider(person);
    expect(second.landing.origin + second.landing.pathname).toBe(LOGIN_URL);
    const signedIn = await authenticate(second.token, second.verifier);
    expect(signedIn.data?.user_id).toBe(grant.user_id);
    expect(signedIn.data?.user.providers).toHaveLength(1);
  });

  it('refuses a token without its PKCE verifier, without using it up, and then works only once', async () => {
    const { token, verifier } = await signInAtProvider(account());
    expect(await authenticate(token, undefined)).toMatchObject({
      status: 400,
      errorType: 'pkce_mismatch',
    });
    expect(await authenticate(token, randomToken())).toMatchObject({
      errorType: 'pkce_mismatch',
    });
    expect((await authenticate(token, verifier)).status).toBe(200);
    expect(await authenticate(token, verifier)).toMatchObject({
      status: 404,
      errorType: 'oauth_token_not_found',
    });
  });

  it('links a verified address to its account, taking back a password account made in advance', async () => {
    const email = `taken.${crypto.randomUUID()}@ballast.test`;
    const password = 'an unguessable passphrase 9931';
    const created = await sdkPost('/passwords', { email, password, session_duration_minutes: 60 });
    const squatter = ((await created.json()) as { data: Grant }).data;

    const { landing, token, verifier } = await signInAtProvider(account({ email }));
    expect(landing.origin + landing.pathname).toBe(LOGIN_URL);
    const owner = await authenticate(token, verifier);
    expect(owner.data?.user_id).toBe(squatter.user_id);
    expect(owner.data?.user.emails).toEqual([expect.objectContaining({ email, verified: true })]);

    // The session and password set before the address was proven no longer let anyone in.
    const oldSession = await sdkPost('/sessions/authenticate', {}, squatter.session_token);
    expect(oldSession.status).toBe(404);
    const byPassword = await sdkPost('/passwords/authenticate', {
      email,
      password,
      session_duration_minutes: 60,
    });
    expect(((await byPassword.json()) as { error_type: string }).error_type).toBe('reset_password');
  });

  it('never links or stores an address the provider has not verified', async () => {
    const email = `unverified.${crypto.randomUUID()}@ballast.test`;
    const created = await sdkPost('/passwords', {
      email,
      password: 'an unguessable passphrase 5521',
      session_duration_minutes: 60,
    });
    const existing = ((await created.json()) as { data: Grant }).data;

    const { landing, token, verifier } = await signInAtProvider(
      account({ email, email_verified: false }),
    );
    expect(landing.origin + landing.pathname).toBe(SIGNUP_URL);
    const signedIn = await authenticate(token, verifier);
    expect(signedIn.data?.user_id).not.toBe(existing.user_id);
    expect(signedIn.data?.user.emails).toEqual([]);
    const factor = signedIn.data?.session.authentication_factors[0];
    expect(factor?.google_oauth_factor).not.toHaveProperty('email_id');
  });

  it('sends the provider its own PKCE, a state and a nonce, with the scopes and parameters asked for', async () => {
    const response = await fetch(
      startUrl({
        code_challenge: pkceChallengeOf(randomToken()),
        custom_scopes: 'https://example.test/calendar offline',
        provider_prompt: 'select_account',
      }),
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin).toBe(oidc.issuer);
    const query = Object.fromEntries(location.searchParams);
    expect(query).toMatchObject({
      client_id: oidc.clientId,
      redirect_uri: `${server.url}/v1/public/oauth/callback`,
      response_type: 'code',
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
    expect(query.scope?.split(' ')).toEqual([
      'openid',
      'email',
      'profile',
      'https://example.test/calendar',
      'offline',
    ]);
    expect(query.state).toMatch(/^[\w-]{43}$/);
    expect(query.nonce).toMatch(/^[\w-]{43}$/);
    expect(query.code_challenge).toMatch(/^[\w-]{43}$/);
  });

  it.each([
    [
      'an unconfigured provider',
      () => startUrl({ code_challenge: 'a'.repeat(43) }, 'github'),
      404,
      'oauth_config_not_found',
    ],
    [
      'a redirect URL off the allow-list',
      () => startUrl({ code_challenge: 'a'.repeat(43), login_redirect_url: 'https://evil.test/x' }),
      400,
      'invalid_redirect_url',
    ],
    ['a missing PKCE challenge', () => startUrl(), 400, 'bad_request'],
    [
      'a provider parameter that would replace the flow’s own',
      () =>
        startUrl({ code_challenge: 'a'.repeat(43), provider_redirect_uri: 'https://evil.test' }),
      400,
      'bad_request',
    ],
    [
      'an unknown public token',
      () =>
        startUrl({ code_challenge: 'a'.repeat(43) }).replace('public-token-test', 'public-token-x'),
      401,
      'public_token_not_found',
    ],
  ])('refuses a start with %s, in the protocol’s JSON', async (_case, url, status, errorType) => {
    // The server URL is known only once the server runs, so each case builds its URL then.
    const response = await fetch(url(), { redirect: 'manual' });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error_type: errorType });
  });

  it('sends a failed callback back to the app with the error, never a token', async () => {
    const unknown = await fetch(`${server.url}/v1/public/oauth/callback?state=nope&code=x`, {
      redirect: 'manual',
    });
    const toDefault = new URL(unknown.headers.get('location') ?? '');
    expect(toDefault.origin + toDefault.pathname).toBe('http://localhost/authenticate');
    expect(toDefault.searchParams.get('error')).toBe('oauth_invalid_state');
    expect(toDefault.searchParams.has('token')).toBe(false);

    const posted = await fetch(`${server.url}/v1/public/oauth/callback`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=x',
    });
    expect(new URL(posted.headers.get('location') ?? '').searchParams.get('error')).toBe(
      'oauth_invalid_callback_request',
    );

    oidc.declineNextSignIn();
    const declined = await follow(
      startUrl({ code_challenge: 'a'.repeat(43), login_redirect_url: LOGIN_URL }),
    );
    expect(declined.origin + declined.pathname).toBe(LOGIN_URL);
    expect(declined.searchParams.get('error')).toBe('oauth_auth_code_error');
    expect(declined.searchParams.get('error_description')).toMatch(/cancelled/);
    expect(declined.searchParams.has('token')).toBe(false);
  });

  it('accepts each callback once: a replayed provider answer is refused', async () => {
    oidc.signInAs(account());
    const callback = await follow(
      startUrl({ code_challenge: 'a'.repeat(43), login_redirect_url: LOGIN_URL }),
      (next) => next.startsWith(`${server.url}/v1/public/oauth/callback`),
    );
    const current = callback.href;
    const first = await fetch(current, { redirect: 'manual' });
    expect(new URL(first.headers.get('location') ?? '').searchParams.has('token')).toBe(true);
    const replayed = await fetch(current, { redirect: 'manual' });
    expect(new URL(replayed.headers.get('location') ?? '').searchParams.get('error')).toBe(
      'oauth_invalid_state',
    );
  });
});
