import type { PortfolioListResponse } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { demoUser, signInToApi } from './support/api.ts';
import { expectVisibleFocus, tabTo } from './support/keyboard.ts';
import { openPage, saveScreenshot, waitForFocus, waitForSignedInHome } from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

describe('the app by keyboard alone', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });

  it('signs in, opens a portfolio and a request, and closes it, the focus always in view', async () => {
    const user = demoUser(suite.server, 'ADVISOR');
    const api = await signInToApi(suite.server, user);
    const list = await api.get<PortfolioListResponse>('/portfolios?status=IN-GOOD-ORDER');
    const portfolio = list.portfolios[0];
    if (!portfolio) throw new Error('the demo advisor has no portfolio in good order');

    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await page.getByRole('heading', { name: 'Sign in to Ballast' }).waitFor();
    await tabTo(page.getByLabel('E-mail', { exact: true }));
    await saveScreenshot(page, 'keyboard-login');
    await page.keyboard.type(user.email);
    await tabTo(page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await waitForSignedInHome(page);

    const client = page.getByRole('link', { name: portfolio.client_name, exact: true });
    await client.waitFor();
    await tabTo(client);
    await saveScreenshot(page, 'keyboard-home');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/portfolio/${portfolio.id}`);
    await page.getByRole('heading', { level: 1, name: portfolio.client_name }).waitFor();

    const deposit = page
      .getByRole('group', { name: 'New request' })
      .getByRole('button', { name: 'Deposit' });
    await deposit.waitFor();
    await tabTo(deposit);
    await saveScreenshot(page, 'keyboard-portfolio-detail');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Request a deposit' });
    await dialog.waitFor();
    await expectVisibleFocus(page);
    // The dialog keeps the focus: Tab goes round its own controls, never to the page behind.
    for (let presses = 0; presses < 6; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      await expectVisibleFocus(page);
    }
    await saveScreenshot(page, 'keyboard-request');
    await expectNoSeriousA11yViolations(page, 'deposit request, reached by keyboard');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await waitForFocus(deposit);
    await expectVisibleFocus(page);
    await context.close();
  });
});
