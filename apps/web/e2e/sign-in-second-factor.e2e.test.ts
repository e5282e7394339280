import { SIGN_IN_ERROR_MESSAGES } from '@ballast/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { authenticatorCode, enrolAuthenticator } from './support/identity.ts';
import {
  accountMenuButton,
  openPage,
  saveScreenshot,
  sessionJwtOf,
  waitForSignedInHome,
} from './support/pages.ts';
import type { TestUser } from './support/server.ts';
import { serverAndBrowser } from './support/suite.ts';

describe('signing in with an authenticator app as the second factor', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });

  /** A new advisor with an authenticator, past the password on the login screen. */
  async function passwordStep() {
    const user = await suite.server.createUser();
    const enrolment = await enrolAuthenticator(suite.server, user);
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await page.getByLabel('E-mail', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
    return { user, enrolment, context, page };
  }

  async function expectLoggedIn(page: Page, user: TestUser) {
    await waitForSignedInHome(page);
    const menu = accountMenuButton(page, user);
    await menu.waitFor();
  }

  it('asks for the code after the password, refuses a wrong one, and signs in with the right one', async () => {
    const { user, enrolment, context, page } = await passwordStep();
    // The first factor's session exists, but the header still offers only the way back out.
    expect(await sessionJwtOf(context)).toBeTruthy();
    expect(await page.getByRole('link', { name: 'Monitor' }).count()).toBe(0);
    await saveScreenshot(page, 'second-factor');

    const valid = new Set(
      [-1, 0, 1, 2].map((offset) => authenticatorCode(enrolment.secret, offset)),
    );
    const wrong = ['000000', '000001', '000002', '000003', '000004'].find(
      (code) => !valid.has(code),
    );
    await page.getByLabel('Authenticator code').fill(wrong ?? '');
    await page.getByRole('button', { name: 'Continue' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(SIGN_IN_ERROR_MESSAGES.invalid_code);
    await saveScreenshot(page, 'second-factor-wrong-code');

    await page.getByLabel('Authenticator code').fill(authenticatorCode(enrolment.secret));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectLoggedIn(page, user);
    expect(await sessionJwtOf(context)).toBeTruthy();
    await context.close();
  });

  it('signs in with a recovery code instead of the authenticator', async () => {
    const { user, enrolment, context, page } = await passwordStep();
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByRole('heading', { name: 'Enter a recovery code' }).waitFor();
    await page.getByLabel('Recovery code').fill(enrolment.recoveryCodes[0] ?? '');
    await saveScreenshot(page, 'second-factor-recovery-code');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectLoggedIn(page, user);
    expect(await sessionJwtOf(context)).toBeTruthy();
    await context.close();
  });

  it('points the header’s Login link at /auth/logout while the code is owed, which starts afresh', async () => {
    const { context, page } = await passwordStep();
    const login = page.getByRole('link', { name: 'Login' });
    expect(await login.getAttribute('href')).toBe('/auth/logout');
    // The rule holds on every page, not only on the login screen.
    await page.goto('/monitor');
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
    expect(await login.getAttribute('href')).toBe('/auth/logout');

    await login.click();
    await page.getByRole('heading', { name: 'Sign in to Ballast' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(await login.getAttribute('href')).toBe('/auth/login');
    expect(await sessionJwtOf(context)).toBeUndefined();
    await context.close();
  });
});
