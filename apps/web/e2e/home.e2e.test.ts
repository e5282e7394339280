import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { expectTitle } from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

describe('the app, logged out', () => {
  const suite = serverAndBrowser();
  let page: Page;

  beforeAll(async () => {
    // axe-core's Playwright builder refuses a page made by `browser.newPage()`.
    page = await (await suite.browser.newContext()).newPage();
  });

  it('sends a visitor of the home page to the login screen, titled and kept out of search engines', async () => {
    await page.goto(suite.server.url);
    await page.getByRole('heading', { name: 'Sign in to Ballast' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/');
    await expectTitle(page, 'Login | Ballast');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  });

  it('offers a single Login link to /auth/login and no nav, reachable by keyboard', async () => {
    await page.goto(suite.server.url);
    const login = page.getByRole('link', { name: 'Login' });
    await login.waitFor();
    expect(await login.getAttribute('href')).toBe('/auth/login');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Monitor' }).count()).toBe(0);

    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Login');
  });

  it('tells the user when the server cannot be reached', async () => {
    await page.route('**/config.json', (route) => route.abort());
    await page.goto(suite.server.url);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      'The server could not be reached. Please reload the page.',
    );
    await page.unroute('**/config.json');
  });

  it('answers an unknown page with its own message', async () => {
    await page.goto(`${suite.server.url}/no/such/page`);
    await page.getByRole('heading', { name: 'This page does not exist.' }).waitFor();
    await expectTitle(page, 'Page not found | Ballast');
    await expectNoSeriousA11yViolations(page, 'page not found');
  });
});
