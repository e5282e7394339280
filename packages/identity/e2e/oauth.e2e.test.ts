import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestOidcProvider,
  type TestOidcAccount,
  type TestOidcProvider,
} from './support/oidc-provider.ts';
import { SdkPage } from './support/sdk-page.ts';
import { identityServerAndBrowser } from './support/suite.ts';

type OAuthGrant = {
  user_id: string;
  user: {
    emails: { email: string; verified: boolean }[];
    providers: { provider_type: string; provider_subject: string }[];
  };
  session: {
    session_id: string;
    authentication_factors: { type: string; delivery_method: string }[];
  };
  provider_type: string;
  provider_subject: string;
};

describe('OAuth sign-in through the official SDK and a real OpenID provider', () => {
  let oidc: TestOidcProvider;
  // The app's pages are the harness page of the identity server, whose port is known only once it
  // listens; the service reads the allow-list on each call, so the URL joins it then.
  const allowedRedirectUrls = ['http://localhost'];

  beforeAll(async () => {
    oidc = await startTestOidcProvider();
  });

  afterAll(async () => {
    await oidc?.stop();
  });

  const suite = identityServerAndBrowser(() => ({
    project: { allowedRedirectUrls, pkceRequiredForOAuth: true },
    options: {
      // `google` is one of the SDK's provider names; the issuer makes it our local provider.
      oauthProviders: [
        {
          name: 'google',
          issuer: oidc.issuer,
          clientId: oidc.clientId,
          clientSecret: oidc.clientSecret,
        },
      ],
    },
  }));

  beforeAll(async () => {
    allowedRedirectUrls.push(`${suite.server.url}/harness`);
    await oidc.allowRedirectTo(`${suite.server.url}/v1/public/oauth/callback`);
  });

  function person(): TestOidcAccount {
    const sub = `subject-${crypto.randomUUID()}`;
    return { sub, email: `${sub}@ballast.test`, email_verified: true, given_name: 'Ada' };
  }

  /**
   * Runs `client.oauth.google.start` as an app's button would, and waits until the provider and
   * the service have sent the browser back to one of the app's pages.
   */
  async function startOAuth(sdk: SdkPage): Promise<URL> {
    const started = await sdk.call(
      // start() navigates away, so the page is not asked to wait for it.
      'void client.oauth.google.start({ login_redirect_url: args.login, signup_redirect_url: args.signup }); return null;',
      {
        login: `${suite.server.url}/harness?landing=login`,
        signup: `${suite.server.url}/harness?landing=signup`,
      },
    );
    expect(started.ok, JSON.stringify(started)).toBe(true);
    await sdk.page.waitForURL(
      (url) => url.pathname === '/harness' && url.searchParams.has('stytch_token_type'),
    );
    await startClientOn(sdk.page);
    return new URL(sdk.page.url());
  }

  /** The landing page is a fresh page: the app builds its client again, as `SdkPage` does. */
  async function startClientOn(page: Page): Promise<void> {
    await page.waitForFunction(() => 'stytch' in window);
    await page.evaluate(
      ({ token, url }) => {
        const sdk = (
          window as unknown as {
            stytch: { createStytchClient: (t: string, o: object) => unknown };
          }
        ).stytch;
        (window as unknown as { client: unknown }).client = sdk.createStytchClient(token, {
          endpoints: { testAPIURL: url, liveAPIURL: url },
          cookieOptions: { jwtCookieName: '__session' },
        });
      },
      { token: suite.server.publicToken, url: suite.server.url },
    );
  }

  function authenticate(sdk: SdkPage, token: string | null) {
    return sdk.call<OAuthGrant>(
      'return client.oauth.authenticate(args.token, { session_duration_minutes: 60 });',
      { token },
    );
  }

  it('signs a new person up, once per token, and signs them back in to the same session', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    const account = person();
    oidc.signInAs(account);

    const landing = await startOAuth(sdk);
    expect(landing.searchParams.get('landing')).toBe('signup');
    expect(landing.searchParams.get('stytch_token_type')).toBe('oauth');
    const token = landing.searchParams.get('token');

    const signedUp = await authenticate(sdk, token);
    if (!signedUp.ok) throw new Error(JSON.stringify(signedUp.error));
    expect(signedUp.value.provider_type).toBe('google');
    expect(signedUp.value.provider_subject).toBe(account.sub);
    expect(signedUp.value.session.authentication_factors).toEqual([
      expect.objectContaining({ type: 'oauth', delivery_method: 'oauth_google' }),
    ]);
    expect(signedUp.value.user.providers).toEqual([
      expect.objectContaining({ provider_type: 'google', provider_subject: account.sub }),
    ]);
    expect(signedUp.value.user.emails).toEqual([
      expect.objectContaining({ email: account.email, verified: true }),
    ]);
    expect(await sdk.cookie('__session')).toBeTruthy();
    expect(await sdk.cookie('stytch_session')).toBeTruthy();

    expect(await authenticate(sdk, token)).toMatchObject({
      ok: false,
      error: { error_type: 'oauth_token_not_found' },
    });

    // Still signed in at the provider, the person comes straight back, to the login page.
    const again = await startOAuth(sdk);
    expect(again.searchParams.get('landing')).toBe('login');
    const signedIn = await authenticate(sdk, again.searchParams.get('token'));
    if (!signedIn.ok) throw new Error(JSON.stringify(signedIn.error));
    expect(signedIn.value.user_id).toBe(signedUp.value.user_id);
    expect(signedIn.value.session.session_id).toBe(signedUp.value.session.session_id);
    expect(signedIn.value.user.providers).toHaveLength(1);
    await sdk.close();
  });

  it('refuses the token in another browser, whose PKCE verifier did not start the flow', async () => {
    const owner = await SdkPage.open(suite.browser, suite.server);
    oidc.signInAs(person());
    const token = (await startOAuth(owner)).searchParams.get('token');

    const other = await SdkPage.open(suite.browser, suite.server);
    // The other browser has an OAuth verifier of its own, from a flow it started itself.
    await other.page.evaluate((publicToken) => {
      localStorage.setItem(
        `stytch_sdk_state_${publicToken}::PKCE_VERIFIER:oauth`,
        JSON.stringify({ code_challenge: 'unused', code_verifier: 'ab'.repeat(32) }),
      );
    }, suite.server.publicToken);
    expect(await authenticate(other, token)).toMatchObject({
      ok: false,
      error: { error_type: 'pkce_mismatch' },
    });

    // The refusal did not use the token up: the browser that started the flow still signs in.
    const signedIn = await authenticate(owner, token);
    expect(signedIn.ok, JSON.stringify(signedIn)).toBe(true);
    await owner.close();
    await other.close();
  });

  it('brings a person who cancels at the provider back to the login page with the error', async () => {
    const sdk = await SdkPage.open(suite.browser, suite.server);
    oidc.declineNextSignIn();
    const landing = await startOAuth(sdk);
    expect(landing.searchParams.get('landing')).toBe('login');
    expect(landing.searchParams.get('error')).toBe('oauth_auth_code_error');
    expect(landing.searchParams.has('token')).toBe(false);
    await sdk.close();
  });
});
