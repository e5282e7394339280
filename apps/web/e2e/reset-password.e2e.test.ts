import { SIGN_IN_ERROR_MESSAGES } from '@ballast/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import {
  accountMenuButton,
  expectTitle,
  openPage,
  saveScreenshot,
  sessionJwtOf,
  signInWithPassword,
  waitForSignedInHome,
} from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

const WEAK = 'password1';

function strongPassword(): string {
  return `Quiet harbor lanterns drift ${crypto.randomUUID().slice(0, 8)}`;
}

describe('resetting the password', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });

  async function fillNewPassword(page: Page, password: string, confirmation = password) {
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Repeat the new password').fill(confirmation);
    await page.getByRole('button', { name: 'Change password' }).click();
  }

  async function expectAlert(page: Page, message: string) {
    const alert = page.getByRole('alert').filter({ hasText: message });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(message);
  }

  /** Changed, signed in, and told so. */
  async function expectChanged(page: Page, context: BrowserContext) {
    await waitForSignedInHome(page);
    await page.getByText('Your password has been changed.').waitFor();
    expect(await sessionJwtOf(context)).toBeTruthy();
  }

  /** Only the new password opens the account now, in a browser of its own. */
  async function expectPasswordIs(email: string, password: string, old: string) {
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(old);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectAlert(page, SIGN_IN_ERROR_MESSAGES.unauthorized_credentials);
    await signInWithPassword(page, { email, password });
    await context.close();
  }

  it('by an e-mailed link, which works once', async () => {
    const user = await suite.server.createUser();
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: user.email }).waitFor();
    await saveScreenshot(page, 'reset-password-link-sent');
    await expectNoSeriousA11yViolations(page, 'reset password, link sent');

    const text = await suite.server.waitForMessage(user.email, (body) =>
      body.includes('stytch_token_type=reset_password'),
    );
    const link = /(https?:\/\/\S+stytch_token_type=reset_password\S*)/.exec(text)?.[1] ?? '';
    expect(link.startsWith(`${suite.server.url}/auth/reset-password?`)).toBe(true);
    await page.goto(link);
    await page.getByRole('form', { name: 'Choose a new password' }).waitFor();
    await fillNewPassword(page, WEAK);
    await expectAlert(page, SIGN_IN_ERROR_MESSAGES.weak_password);
    await saveScreenshot(page, 'reset-password-weak');
    await expectNoSeriousA11yViolations(page, 'reset password by link, with an error');
    const password = strongPassword();
    await fillNewPassword(page, password, `${password}!`);
    await expectAlert(page, 'The two passwords do not match.');
    await fillNewPassword(page, password);
    await expectChanged(page, context);
    await saveScreenshot(page, 'reset-password-changed');
    await context.close();

    const again = await openPage(suite.browser, suite.server, link);
    await fillNewPassword(again.page, strongPassword());
    await expectAlert(again.page, SIGN_IN_ERROR_MESSAGES.unable_to_auth_password_reset_token);
    expect(await sessionJwtOf(again.context)).toBeUndefined();
    await saveScreenshot(again.page, 'reset-password-link-used');
    await again.context.close();

    await expectPasswordIs(user.email, password, user.password);
  });

  it('by the current session, from the account menu', async () => {
    const user = await suite.server.createUser();
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await signInWithPassword(page, user);
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Reset Password' }).click();
    await page.getByRole('form', { name: 'Choose a new password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/reset-password');
    await expectTitle(page, 'Reset Password | Ballast');
    await fillNewPassword(page, WEAK);
    await expectAlert(page, SIGN_IN_ERROR_MESSAGES.weak_password);
    await saveScreenshot(page, 'reset-password-session');
    await expectNoSeriousA11yViolations(page, 'reset password signed in, with an error');
    const password = strongPassword();
    await fillNewPassword(page, password);
    await expectChanged(page, context);
    await context.close();

    await expectPasswordIs(user.email, password, user.password);
  });

  it('by the current password, which may not be used again', async () => {
    const user = await suite.server.createUser();
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/reset-password');
    await page
      .getByRole('button', { name: 'Know your current password? Change it here instead' })
      .click();
    const form = page.getByRole('form', { name: 'Change my password' });
    await form.waitFor();
    await form.getByLabel('E-mail', { exact: true }).fill(user.email);
    await form.getByLabel('Current password').fill(user.password);
    await fillNewPassword(page, user.password);
    await expectAlert(page, SIGN_IN_ERROR_MESSAGES.cannot_reset_password_with_existing_password);
    await saveScreenshot(page, 'reset-password-existing');
    await expectNoSeriousA11yViolations(page, 'reset password by the current password');
    expect(await sessionJwtOf(context)).toBeUndefined();

    const password = strongPassword();
    await fillNewPassword(page, password);
    await expectChanged(page, context);
    await context.close();

    await expectPasswordIs(user.email, password, user.password);
  });
});
