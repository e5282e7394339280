import { SIGN_IN_ERROR_MESSAGES } from '@ballast/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE_NUMBER_INVALID } from '../src/features/auth/methods/phone-number.ts';
import { attachPhoneNumber, clearRateLimits, codeIn, linkIn } from './support/identity.ts';
import { openPage, saveScreenshot, sessionJwtOf, waitForSignedInHome } from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

describe('signing in without a password: e-mailed link, e-mailed code, text message', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });

  async function expectSignedIn(page: Page, context: BrowserContext) {
    await waitForSignedInHome(page);
    expect(await sessionJwtOf(context)).toBeTruthy();
  }

  it('offers the methods as tabs that arrow keys, Home and End move between', async () => {
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual([
      'Password',
      'E-mail link',
      'E-mail code',
      'Text message',
    ]);
    await page.getByRole('tab', { name: 'Password' }).focus();
    const focusedTab = () => page.evaluate(() => document.activeElement?.textContent);
    await page.keyboard.press('ArrowRight');
    expect(await focusedTab()).toBe('E-mail link');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('E-mail link');
    await page.getByRole('button', { name: 'E-mail me a link' }).waitFor();
    await page.keyboard.press('End');
    expect(await focusedTab()).toBe('Text message');
    await page.getByRole('textbox', { name: 'Mobile number' }).waitFor();
    await page.keyboard.press('ArrowRight');
    expect(await focusedTab()).toBe('Password');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedTab()).toBe('Text message');
    await page.keyboard.press('Home');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Password');
    // One tab stop for the whole list: Tab leaves it for the panel's first field.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    await context.close();
  });

  it('signs in with an e-mailed link, which works once', async () => {
    const user = await suite.server.createUser();
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await page.getByRole('tab', { name: 'E-mail link' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'E-mail me a link' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Check your e-mail' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(user.email);
    await saveScreenshot(page, 'login-magic-link-sent');

    const link = linkIn(
      await suite.server.waitForMessage(user.email, (text) =>
        text.includes('stytch_token_type=magic_links'),
      ),
    );
    expect(link.startsWith(`${suite.server.url}/auth/login?`)).toBe(true);
    await page.goto(link);
    await expectSignedIn(page, context);
    await context.close();

    const again = await openPage(suite.browser, suite.server, link);
    const alert = again.page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(SIGN_IN_ERROR_MESSAGES.unable_to_auth_magic_link);
    expect(await again.page.getByRole('link', { name: 'Back to sign in' }).count()).toBe(1);
    expect(await sessionJwtOf(again.context)).toBeUndefined();
    await saveScreenshot(again.page, 'login-magic-link-used');
    await again.context.close();
  });

  it('signs in with an e-mailed code: a wrong one is refused, and a new one replaces the old', async () => {
    const user = await suite.server.createUser();
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await page.getByRole('tab', { name: 'E-mail code' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    await page.getByLabel('Passcode', { exact: true }).waitFor();
    const first = codeIn(await suite.server.waitForMessage(user.email));

    await page
      .getByLabel('Passcode', { exact: true })
      .fill(first === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(SIGN_IN_ERROR_MESSAGES.invalid_code);
    await saveScreenshot(page, 'login-email-code-wrong');

    await clearRateLimits(suite.server);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByRole('status').filter({ hasText: 'We sent a new code' }).waitFor();
    const second = codeIn(
      await suite.server.waitForMessage(user.email, (text) => codeIn(text) !== first),
    );
    await page.getByLabel('Passcode', { exact: true }).fill(first);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').waitFor();
    expect(await sessionJwtOf(context)).toBeUndefined();

    await page.getByLabel('Passcode', { exact: true }).fill(second);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectSignedIn(page, context);
    await context.close();
  });

  it('signs in with a code texted to the mobile number on the account', async () => {
    const user = await suite.server.createUser();
    const local = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
    const phone = `+1555555${local}`;
    await attachPhoneNumber(suite.server, user.email, phone);
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await page.getByRole('tab', { name: 'Text message' }).click();
    const number = page.getByRole('textbox', { name: 'Mobile number' });
    await number.fill('555-0123');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(PHONE_NUMBER_INVALID);
    await saveScreenshot(page, 'login-sms-invalid-number');

    await number.fill(`(555) 555-${local}`);
    await page.getByRole('button', { name: 'Text me a code' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'six-digit code' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(phone);
    await saveScreenshot(page, 'login-sms-code');
    await page
      .getByLabel('Passcode', { exact: true })
      .fill(codeIn(await suite.server.waitForMessage(phone)));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectSignedIn(page, context);
    await context.close();
  });
});
