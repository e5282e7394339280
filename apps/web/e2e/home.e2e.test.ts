import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

describe('home page, logged out', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is titled "Home | Ballast", kept out of search engines, and reaches the server', async () => {
    await page.goto(server.url);
    await page.getByText('Sign in to see the portfolios you advise.').waitFor();
    expect(await page.title()).toBe('Home | Ballast');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  });

  it('offers a single Login link to /auth/login, reachable by keyboard', async () => {
    await page.goto(server.url);
    const login = page.getByRole('link', { name: 'Login' });
    await login.waitFor();
    expect(await login.getAttribute('href')).toBe('/auth/login');
    expect(await page.getByRole('navigation').getByRole('link').count()).toBe(1);

    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Login');
  });

  it('tells the user when the server cannot be reached', async () => {
    await page.route('**/config.json', (route) => route.abort());
    await page.goto(server.url);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      'The server could not be reached. Please reload the page.',
    );
    await page.unroute('**/config.json');
  });
});
