import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestOidcProvider,
  type TestOidcProvider,
} from '../../../packages/identity/e2e/support/oidc-provider.ts';
import { launchBrowser } from './support/browser.ts';
import {
  accountMenuButton,
  openPage,
  saveScreenshot,
  sessionJwtOf,
  waitForSignedInHome,
} from './support/pages.ts';
import { type RunningServer, startServer } from './support/server.ts';

describe('signing in with an OAuth provider', () => {
  let oidc: TestOidcProvider;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // A real OpenID provider on this machine, configured as an operator would: `google` is a name
    // the sign-in client can start, and the issuer makes it the local provider instead.
    oidc = await startTestOidcProvider();
    server = await startServer({
      seed: 'minimal',
      env: {
        OAUTH_PROVIDERS: JSON.stringify([
          {
            name: 'google',
            clientId: oidc.clientId,
            clientSecret: oidc.clientSecret,
            issuer: oidc.issuer,
          },
        ]),
      },
    });
    await oidc.allowRedirectTo(`${server.url}/v1/public/oauth/callback`);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await oidc?.stop();
  });

  it('signs the advisor in through the provider, landing back on the login page', async () => {
    const user = await server.createUser();
    oidc.signInAs({
      sub: `subject-${crypto.randomUUID()}`,
      email: user.email,
      email_verified: true,
      given_name: user.firstName,
      family_name: user.lastName,
    });
    const { context, page } = await openPage(browser, server, '/auth/login');
    const button = page.getByRole('button', { name: 'Continue with Google' });
    await button.waitFor();
    await saveScreenshot(page, 'login-oauth');
    await button.click();
    await waitForSignedInHome(page);
    expect(await sessionJwtOf(context)).toBeTruthy();
    await accountMenuButton(page, user).waitFor();
    await context.close();
  });

  it('shows what the provider said when the person did not sign in there', async () => {
    oidc.declineNextSignIn();
    const { context, page } = await openPage(browser, server, '/auth/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const landing = new URL(page.url());
    expect(landing.searchParams.get('stytch_token_type')).toBe('oauth');
    expect(landing.searchParams.get('error')).toBeTruthy();
    expect(await alert.textContent()).toBe(landing.searchParams.get('error_description'));
    expect(await alert.textContent()).toMatch(/cancelled/);
    expect(await sessionJwtOf(context)).toBeUndefined();
    await saveScreenshot(page, 'login-oauth-declined');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in to Ballast' }).waitFor();
    await context.close();
  });
});
