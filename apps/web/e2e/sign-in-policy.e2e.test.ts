import { SECOND_FACTOR_REQUIRED } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { signInToApi } from './support/api.ts';
import { authenticatorCode } from './support/identity.ts';
import {
  accountMenuButton,
  openPage,
  saveScreenshot,
  waitForSignedInHome,
} from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

describe('the firm’s sign-in policy in the browser (decision 023)', () => {
  // No demo firm: the one firm here is the installation, so its policy decides the login screen.
  const suite = serverAndBrowser({ seed: 'none' });

  it('shows only the firm’s methods and has a named role set up an authenticator before any page', async () => {
    const firmId = await suite.server.createFirm();
    const administrator = await suite.server.createUser('ADMINISTRATOR', { firmId });
    const clerk = await suite.server.createUser('OPERATIONS', { firmId });
    const admin = await signInToApi(suite.server, administrator);
    const saved = await admin.send('PUT', `/firms/${firmId}/sign-in-policy`, {
      methods: ['password', 'email_link'],
      second_factor_roles: ['OPERATIONS'],
      session_minutes: 60,
    });
    expect(saved.status).toBe(200);

    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    try {
      await page.getByRole('tab', { name: 'Password' }).waitFor();
      expect(await page.getByRole('tab').allTextContents()).toEqual(['Password', 'E-mail link']);
      expect(await page.getByRole('button', { name: /passkey|wallet/ }).count()).toBe(0);

      // Not the shared sign-in helper: it waits for the signed-in header, which this clerk's
      // session does not earn until the authenticator is set up.
      await page.getByLabel('E-mail', { exact: true }).fill(clerk.email);
      await page.getByLabel('Password', { exact: true }).fill(clerk.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Set up an authenticator' }).waitFor();
      expect(await page.getByRole('alert').first().textContent()).toBe(SECOND_FACTOR_REQUIRED);
      await page.getByRole('button', { name: 'Set up an authenticator' }).click();
      const key = page.locator('code');
      await key.waitFor();
      expect(
        await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count(),
      ).toBe(10);
      await expectNoSeriousA11yViolations(page, 'authenticator setup');
      await saveScreenshot(page, 'authenticator-setup');

      await page
        .getByLabel('Authenticator code')
        .fill(authenticatorCode((await key.textContent()) ?? ''));
      await page.getByRole('button', { name: 'Finish setting up' }).click();
      await waitForSignedInHome(page);
      await accountMenuButton(page, clerk).waitFor();
    } finally {
      await context.close();
    }
  });
});
