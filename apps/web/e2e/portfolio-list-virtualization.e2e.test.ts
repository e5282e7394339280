import type { PortfolioListResponse } from '@ballast/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, signInWithPassword } from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

// Enough rows that drawing them all would show; seeding takes 20 to 35 s here (1,500 took up
// to 50 s on this shared machine).
const PORTFOLIOS = 1_000;
// The view holds about fifteen rows and the table draws a dozen more at each edge.
const MAX_DRAWN_ROWS = 60;
const WAIT = { timeout: 15_000, interval: 100 };

describe('the portfolio list with many portfolios', () => {
  const suite = serverAndBrowser({ seed: 'large', largeCount: PORTFOLIOS });
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const administrator = suite.server.demoUsers.get('ADMINISTRATOR');
    if (!administrator) throw new Error('no demo administrator');
    ({ context, page } = await openPage(suite.browser, suite.server, '/auth/login'));
    await signInWithPassword(page, administrator);
  });

  async function fetchList(): Promise<PortfolioListResponse> {
    const jwt = (await context.cookies()).find((cookie) => cookie.name === '__session')?.value;
    const response = await fetch(`${suite.server.url}/api/portfolios`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    return (await response.json()) as PortfolioListResponse;
  }

  const table = () => page.getByRole('table', { name: 'Portfolios' });
  const region = () => page.getByRole('region', { name: 'Portfolio table' });
  const drawnRows = () => table().locator('tbody tr');

  it('reports every row while drawing only those near the view', async () => {
    const { portfolios } = await fetchList();
    expect(portfolios).toHaveLength(PORTFOLIOS);
    await table().waitFor();
    // The header row counts as one of the table's rows.
    expect(await table().getAttribute('aria-rowcount')).toBe(String(PORTFOLIOS + 1));
    const drawn = await drawnRows().count();
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThanOrEqual(MAX_DRAWN_ROWS);
    expect(await drawnRows().first().getAttribute('aria-rowindex')).toBe('2');
    expect(await drawnRows().first().locator('th').textContent()).toBe(portfolios[0]?.client_name);
  });

  it('shows the last portfolio at the end of the scroll, header still in view', async () => {
    const { portfolios } = await fetchList();
    const headerBefore = await table().locator('thead').boundingBox();
    await region().evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    const last = table().locator(`tbody tr[aria-rowindex="${PORTFOLIOS + 1}"]`);
    await last.waitFor();
    expect(await last.locator('th').textContent()).toBe(portfolios.at(-1)?.client_name);
    expect(await last.isVisible()).toBe(true);
    expect(await drawnRows().count()).toBeLessThanOrEqual(MAX_DRAWN_ROWS);
    expect(await table().locator('tbody tr[aria-rowindex="2"]').count()).toBe(0);
    // The header did not scroll away with the rows.
    expect(await table().locator('thead').boundingBox()).toEqual(headerBefore);
    await saveScreenshot(page, 'portfolio-list-large-end');
  });

  it('sorts all the rows, not only those drawn', async () => {
    const { portfolios } = await fetchList();
    const largest = Math.max(...portfolios.map((item) => item.current_holding?.nav ?? 0));
    const header = table().getByRole('columnheader', { name: 'NAV' });
    await header.getByRole('button', { name: 'NAV' }).click();
    await header.getByRole('button', { name: 'NAV' }).click();
    await expect.poll(() => header.getAttribute('aria-sort'), WAIT).toBe('descending');
    // Sorting starts again from the top.
    const first = table().locator('tbody tr[aria-rowindex="2"]');
    await first.waitFor();
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const navIndex = 4;
    expect(await first.locator('th, td').nth(navIndex).textContent()).toBe(dollars.format(largest));
    expect(await drawnRows().count()).toBeLessThanOrEqual(MAX_DRAWN_ROWS);
  });

  it('moves through rows not yet drawn with the Tab key', async () => {
    await region().evaluate((element) => {
      element.scrollTop = 0;
    });
    const firstLink = table().locator('tbody tr[aria-rowindex="2"] th a');
    await firstLink.focus();
    const focusedRowIndex = () =>
      page.evaluate(() => {
        const row = document.activeElement?.closest('tbody tr');
        return row ? Number(row.getAttribute('aria-rowindex')) : null;
      });
    let reached = 2;
    for (let press = 0; press < 2 * MAX_DRAWN_ROWS; press++) {
      await page.keyboard.press('Tab');
      const index = await focusedRowIndex();
      // Every press stays in the table, on the same row or a later one.
      expect(index).not.toBeNull();
      expect(index ?? 0).toBeGreaterThanOrEqual(reached);
      reached = index ?? reached;
    }
    // Well past the rows drawn when the table first showed.
    expect(reached).toBeGreaterThan(MAX_DRAWN_ROWS);
    expect(await drawnRows().count()).toBeLessThanOrEqual(MAX_DRAWN_ROWS);
  });
});
