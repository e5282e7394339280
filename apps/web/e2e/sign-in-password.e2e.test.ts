import { SIGN_IN_ERROR_MESSAGES } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import {
  accountMenuButton,
  expectTitle,
  openPage,
  saveScreenshot,
  signInWithPassword,
} from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

describe('signing in with a password, and out again', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });

  it('shows the product §8 message for a wrong password and stays signed out', async () => {
    const user = await suite.server.createUser();
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await page.getByLabel('E-mail', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password at all 1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      SIGN_IN_ERROR_MESSAGES.unauthorized_credentials,
    );
    await saveScreenshot(page, 'login-error');
    await expectNoSeriousA11yViolations(page, 'login with an error');
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(1);
    await context.close();
  });

  it('signs the demo advisor in to the logged-in header, and logs out to /auth/login', async () => {
    const advisor = suite.server.demoUsers.get('ADVISOR');
    if (!advisor) throw new Error('no demo advisor');
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await page.getByRole('heading', { name: 'Sign in to Ballast' }).waitFor();
    await saveScreenshot(page, 'login');
    await expectNoSeriousA11yViolations(page, 'login');
    await signInWithPassword(page, advisor);
    expect(new URL(page.url()).pathname).toBe('/');
    await expectTitle(page, 'Home | Ballast');

    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Compare', '/portfolio/compare'],
      ['Build', '/portfolio/build'],
      ['Monitor', '/monitor'],
    ]) {
      expect(await nav.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    const menu = accountMenuButton(page);
    await menu.waitFor();
    expect(await menu.textContent()).toBe(`${advisor.firstName[0]}${advisor.lastName[0]}`);
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(
      (await context.cookies()).some((cookie) => cookie.name === '__session' && cookie.value),
    ).toBe(true);

    await menu.click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'account menu, open');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Sign in to Ballast' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect((await context.cookies()).some((cookie) => cookie.name === '__session')).toBe(false);

    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to Ballast' }).waitFor();
    await context.close();
  });

  it('returns to the page that asked for sign-in', async () => {
    const user = await suite.server.createUser();
    const { context, page } = await openPage(suite.browser, suite.server, '/monitor');
    await page.getByRole('heading', { name: 'Sign in to Ballast' }).waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Monitor' }).waitFor();
    await expectTitle(page, 'Monitor | Ballast');
    await context.close();
  });
});
