// Long on purpose: every behaviour of the portfolio list runs against one server seeded with the
// demo firm and one browser; split into files, each would start and seed its own.
import { readFile } from 'node:fs/promises';
import type { PortfolioListItem, PortfolioListResponse } from '@ballast/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { parseCsv } from './support/csv.ts';
import {
  expectTitle,
  openPage,
  saveScreenshot,
  signInWithPassword,
  waitForFocus,
} from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

// How long a condition may take to come true; vitest's own default (1 s) is tight on a busy CI.
const WAIT = { timeout: 15_000, interval: 100 };

// The expected texts are written here independently of the app's formatters, so that a wrong
// formatter fails the test rather than agreeing with itself.
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const DASH = '—';
const HEADERS = [
  'Client name',
  'Advisors',
  'Originating advisor',
  'Inception date',
  'NAV',
  'YTW',
  'Duration',
  'YTD return',
  '1-year return',
  'TEY',
  'Loss harvested',
  'Holdings',
  'DNT',
  'Status',
];
const STATUS_TEXT: Record<PortfolioListItem['status'], string> = {
  'IN-GOOD-ORDER': 'In good order',
  PENDING: 'Pending',
  'NEEDS-ACTION': 'Needs action',
  INCOMPLETE: 'Incomplete',
  CLOSED: 'Closed',
};

type Table = { headers: string[]; rows: string[][]; rowCount: number; busy: boolean };

/**
 * Every row of the virtualized table, read by scrolling it from top to bottom and collecting
 * each row by its aria-rowindex; then back to the top.
 */
function readTable(page: Page): Promise<Table> {
  return page.evaluate(async () => {
    const region = document.querySelector<HTMLElement>('[aria-label="Portfolio table"]');
    const table = region?.querySelector('table');
    if (!region || !table) throw new Error('no portfolio table on the page');
    const text = (cell: Element) => cell.textContent?.trim() ?? '';
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const rowCount = Number(table.getAttribute('aria-rowcount')) - 1;
    // Drawn once a row reaches down to the view's bottom edge, or the last row is there.
    const isViewDrawn = () => {
      const bottom = region.getBoundingClientRect().bottom - 1;
      return [...table.querySelectorAll('tbody tr')].some((row) => {
        const box = row.getBoundingClientRect();
        const isLast = row.getAttribute('aria-rowindex') === String(rowCount + 1);
        return isLast || (box.top <= bottom && box.bottom >= bottom);
      });
    };
    const rows = new Map<number, string[]>();
    region.scrollTop = 0;
    for (;;) {
      // The virtualizer redraws on the scroll event; wait until the view is drawn again.
      for (let frames = 0; frames < 100 && !isViewDrawn(); frames += 1) await frame();
      for (const row of table.querySelectorAll('tbody tr')) {
        rows.set(Number(row.getAttribute('aria-rowindex')), [...row.children].map(text));
      }
      if (region.scrollTop + region.clientHeight >= region.scrollHeight - 1) break;
      region.scrollTop += region.clientHeight;
      await frame();
    }
    region.scrollTop = 0;
    await frame();
    return {
      headers: [...table.querySelectorAll('thead th')].map(text),
      rows: [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, cells]) => cells),
      rowCount,
      busy: table.getAttribute('aria-busy') === 'true',
    };
  });
}

/** The settled table: not waiting for a new answer, and every row it reports was read. */
async function settledTable(page: Page): Promise<Table> {
  await page.getByRole('table', { name: 'Portfolios' }).waitFor();
  let table: Table = { headers: [], rows: [], rowCount: -1, busy: true };
  await expect
    .poll(async () => {
      table = await readTable(page);
      return !table.busy && table.rows.length === table.rowCount;
    }, WAIT)
    .toBe(true);
  return table;
}

const column = (table: Table, header: string) => {
  const index = table.headers.indexOf(header);
  return table.rows.map((row) => row[index] ?? '');
};

function totalValue(page: Page, label: string) {
  return page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first()
    .textContent();
}

/** How the table shows a CSV cell of the given column. */
function shownAs(header: string, cell: string): string {
  if (cell === '') return DASH;
  switch (header) {
    case 'NAV':
      return dollars.format(Number(cell));
    case 'YTW':
    case 'YTD return':
    case '1-year return':
    case 'TEY':
    case 'Loss harvested':
      return `${Number(cell).toFixed(2)}%`;
    case 'Duration':
      return Number(cell).toFixed(2);
    case 'Holdings':
      return Number(cell).toLocaleString('en-US');
    case 'Inception date':
      return new Date(`${cell}T00:00:00Z`).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      });
    default:
      return cell;
  }
}

/** A figure as the table shows it, or null for the dash. */
function figureOf(text: string): number | null {
  return text === DASH ? null : Number(text.replace(/[$,%]/g, ''));
}

describe('the portfolio list on the home page', () => {
  const suite = serverAndBrowser({ seed: 'demo' });
  let context: BrowserContext;
  let page: Page;

  /** GET /portfolios with the browser's own session, as the page calls it. */
  async function fetchList(status?: string): Promise<PortfolioListResponse> {
    const jwt = (await context.cookies()).find((cookie) => cookie.name === '__session')?.value;
    const query = status ? `?status=${status}` : '';
    const response = await fetch(`${suite.server.url}/api/portfolios${query}`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as PortfolioListResponse;
  }

  async function apiCall(method: string, path: string, body?: unknown) {
    const jwt = (await context.cookies()).find((cookie) => cookie.name === '__session')?.value;
    return fetch(`${suite.server.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${jwt}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function goHome(query = '') {
    await page.goto(`/${query}`);
    return settledTable(page);
  }

  beforeAll(async () => {
    const administrator = suite.server.demoUsers.get('ADMINISTRATOR');
    if (!administrator) throw new Error('no demo administrator');
    ({ context, page } = await openPage(suite.browser, suite.server, '/auth/login'));
    await signInWithPassword(page, administrator);
  });

  it('shows the api’s totals and every portfolio it lists, in its order', async () => {
    const table = await goHome();
    const list = await fetchList();
    expect(list.number_of_portfolios).toBeGreaterThan(40);
    await expectTitle(page, 'Home | Ballast');
    expect(await totalValue(page, 'Assets under management')).toBe(wholeDollars.format(list.aum));
    expect(await totalValue(page, 'Average AUM')).toBe(wholeDollars.format(list.avg_aum));
    expect(await totalValue(page, 'Portfolios')).toBe(String(list.number_of_portfolios));

    expect(table.headers).toEqual([...HEADERS, 'Actions']);
    expect(table.rowCount).toBe(list.portfolios.length);
    expect(column(table, 'Client name')).toEqual(list.portfolios.map((item) => item.client_name));
    expect(column(table, 'Status')).toEqual(
      list.portfolios.map((item) => STATUS_TEXT[item.status]),
    );
    // Only an incomplete portfolio offers Delete.
    expect(column(table, 'Actions')).toEqual(
      list.portfolios.map((item) => (item.status === 'INCOMPLETE' ? 'Delete' : '')),
    );
    const nav = column(table, 'NAV');
    list.portfolios.forEach((item, index) => {
      expect(nav[index]).toBe(
        item.current_holding ? dollars.format(item.current_holding.nav) : DASH,
      );
    });
    // Table semantics survive the grid layout: the client name heads its row, the rest are cells.
    const firstRow = page.getByRole('table', { name: 'Portfolios' }).getByRole('row').nth(1);
    expect(await firstRow.getByRole('rowheader').textContent()).toBe(
      list.portfolios[0]?.client_name,
    );
    expect(await firstRow.getByRole('cell').count()).toBe(HEADERS.length);
    const incomplete = list.portfolios.findIndex((item) => item.status === 'INCOMPLETE');
    expect(table.rows[incomplete]?.slice(4, 12)).toEqual(Array(8).fill(DASH));
    await saveScreenshot(page, 'portfolio-list');
    await expectNoSeriousA11yViolations(page, 'home (portfolio list)');
  });

  it('narrows the list and the totals to one status', async () => {
    await goHome();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Needs action' });
    await page.waitForURL(/status=NEEDS-ACTION/);
    const list = await fetchList('NEEDS-ACTION');
    expect(list.portfolios.length).toBeGreaterThan(0);
    await expect
      .poll(async () => column(await settledTable(page), 'Client name'), WAIT)
      .toEqual(list.portfolios.map((item) => item.client_name));
    expect(new Set(column(await settledTable(page), 'Status'))).toEqual(new Set(['Needs action']));
    await expect
      .poll(() => totalValue(page, 'Portfolios'), WAIT)
      .toBe(String(list.portfolios.length));
    expect(await totalValue(page, 'Assets under management')).toBe(wholeDollars.format(list.aum));
    await saveScreenshot(page, 'portfolio-list-status-filter');

    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All statuses' });
    const { number_of_portfolios } = await fetchList();
    await expect
      .poll(async () => (await settledTable(page)).rowCount, WAIT)
      .toBe(number_of_portfolios);
  });

  it('searches client names as the advisor types, ignoring case', async () => {
    const all = (await fetchList()).portfolios;
    await goHome();
    // A fragment of a real name, typed in another case.
    const fragment = (all[3]?.client_name ?? '').split(' ').at(-1)?.slice(0, 4).toUpperCase() ?? '';
    const search = page.getByLabel('Search by client name');
    await search.pressSequentially(fragment.toLowerCase());
    const expected = all
      .filter((item) => item.client_name.toLowerCase().includes(fragment.toLowerCase()))
      .map((item) => item.client_name);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    await expect
      .poll(async () => column(await settledTable(page), 'Client name'), WAIT)
      .toEqual(expected);
    await page
      .getByRole('status')
      .filter({ hasText: `Showing ${expected.length} of ${all.length} portfolios` })
      .waitFor();
    await saveScreenshot(page, 'portfolio-list-search');

    await search.fill('no client is called this');
    await page.getByRole('heading', { name: 'No portfolio matches' }).waitFor();
    await page.getByText('No client name contains “no client is called this”.').waitFor();
    expect(await page.getByRole('table', { name: 'Portfolios' }).count()).toBe(0);
    await saveScreenshot(page, 'portfolio-list-no-match');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(async () => (await settledTable(page)).rowCount, WAIT).toBe(all.length);
    expect(await search.inputValue()).toBe('');
  });

  it('sorts by a figure and by name, both ways, by mouse and by keyboard', async () => {
    await goHome();
    const header = (name: string) => page.getByRole('columnheader', { name });
    const sortButton = (name: string) => header(name).getByRole('button', { name });

    await sortButton('NAV').click();
    await expect.poll(() => header('NAV').getAttribute('aria-sort'), WAIT).toBe('ascending');
    let navs = column(await settledTable(page), 'NAV').map(figureOf);
    const present = navs.filter((value) => value !== null);
    expect(present.length).toBeGreaterThan(10);
    expect(present).toEqual([...present].sort((a, b) => a - b));
    // Portfolios without a NAV come last whichever way the column runs.
    expect(navs.slice(present.length).every((value) => value === null)).toBe(true);
    expect(page.url()).toContain('sort=nav');

    await sortButton('NAV').click();
    await expect.poll(() => header('NAV').getAttribute('aria-sort'), WAIT).toBe('descending');
    navs = column(await settledTable(page), 'NAV').map(figureOf);
    expect(navs.filter((value) => value !== null)).toEqual([...present].sort((a, b) => b - a));
    expect(navs.slice(present.length).every((value) => value === null)).toBe(true);
    await saveScreenshot(page, 'portfolio-list-sorted-nav-desc');

    const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });
    await sortButton('Client name').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => header('Client name').getAttribute('aria-sort'), WAIT)
      .toBe('ascending');
    expect(await header('NAV').getAttribute('aria-sort')).toBeNull();
    const names = column(await settledTable(page), 'Client name');
    expect(names).toEqual([...names].sort(collator.compare));
    await page.keyboard.press('Space');
    await expect
      .poll(() => header('Client name').getAttribute('aria-sort'), WAIT)
      .toBe('descending');
    expect(column(await settledTable(page), 'Client name')).toEqual(
      [...names].sort((a, b) => collator.compare(b, a)),
    );

    // The sort survives a reload: it lives in the address.
    const table = await goHome(new URL(page.url()).search);
    expect(await header('Client name').getAttribute('aria-sort')).toBe('descending');
    expect(column(table, 'Client name')).toEqual([...names].sort((a, b) => collator.compare(b, a)));
  });

  it('exports exactly the rows and columns shown, as CSV', async () => {
    await goHome('?status=IN-GOOD-ORDER&sort=-ytw');
    // A search that keeps some of the portfolios but not all.
    const { portfolios } = await fetchList('IN-GOOD-ORDER');
    const matches = (text: string) =>
      portfolios.filter((item) => item.client_name.toLowerCase().includes(text)).length;
    const search = ['an', 'el', 'ar', 'on', 'a', 'e'].find(
      (text) => matches(text) > 3 && matches(text) < portfolios.length,
    );
    if (!search) throw new Error('no search narrows the demo portfolios');
    await page.getByLabel('Search by client name').fill(search);
    await page
      .getByRole('status')
      .filter({ hasText: `Showing ${matches(search)} of ${portfolios.length} portfolios` })
      .waitFor();
    const table = await settledTable(page);
    expect(table.rowCount).toBeGreaterThan(3);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    expect(download.suggestedFilename()).toBe(
      `portfolios-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`,
    );
    const csv = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(csv[0]).toEqual(HEADERS);
    const lines = csv.slice(1);
    expect(lines.length).toBe(table.rows.length);
    lines.forEach((line, index) => {
      const shown = HEADERS.map((header, cell) => shownAs(header, line[cell] ?? ''));
      expect(shown).toEqual(table.rows[index]?.slice(0, HEADERS.length));
    });
  });

  it('deletes an incomplete portfolio once the advisor confirms', async () => {
    const table = await goHome('?status=INCOMPLETE');
    const before = await fetchList();
    const [first, second] = column(table, 'Client name');
    if (!first || !second) throw new Error('the demo has fewer than two incomplete portfolios');
    const target = before.portfolios.find((item) => item.client_name === first);

    const deleteButton = page.getByRole('button', { name: `Delete portfolio of ${first}` });
    const dialog = page.getByRole('dialog', { name: 'Delete portfolio' });
    await deleteButton.click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(first);
    await saveScreenshot(page, 'portfolio-list-delete-confirm');
    await expectNoSeriousA11yViolations(page, 'delete portfolio dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitForFocus(deleteButton);
    expect((await fetchList()).number_of_portfolios).toBe(before.number_of_portfolios);

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete portfolio' }).click();
    await page.getByText(`The portfolio of ${first} was deleted.`).waitFor();
    // Its row, and the button that opened the dialog, are gone: the page's heading takes focus.
    await waitForFocus(page.getByRole('heading', { name: 'Portfolios', level: 1 }));
    await expect
      .poll(async () => column(await settledTable(page), 'Client name'), WAIT)
      .not.toContain(first);
    expect(column(await settledTable(page), 'Client name')).toContain(second);
    const after = await fetchList();
    expect(after.number_of_portfolios).toBe(before.number_of_portfolios - 1);
    expect(after.portfolios.some((item) => item.id === target?.id)).toBe(false);
    await saveScreenshot(page, 'portfolio-list-deleted');
  });

  it('reports the server’s refusal when the portfolio moved on before the delete', async () => {
    const table = await goHome('?status=INCOMPLETE');
    const { portfolios } = await fetchList('INCOMPLETE');
    // One whose application is complete, so that it can be submitted behind the page's back.
    let submittable: PortfolioListItem | undefined;
    for (const item of portfolios) {
      const inputs = (await (await apiCall('GET', `/portfolios/${item.id}/inputs`)).json()) as {
        strategy?: unknown;
      };
      if (inputs.strategy) submittable = item;
    }
    if (!submittable) throw new Error('no incomplete portfolio with a complete application');
    expect(column(table, 'Client name')).toContain(submittable.client_name);

    await page
      .getByRole('button', { name: `Delete portfolio of ${submittable.client_name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete portfolio' });
    await dialog.waitFor();
    const opened = await apiCall('POST', `/portfolios/${submittable.id}/open`, {
      action_payload: {},
    });
    expect(opened.status).toBe(201);
    await dialog.getByRole('button', { name: 'Delete portfolio' }).click();

    const toast = page
      .getByRole('alert')
      .filter({ hasText: `The portfolio of ${submittable.client_name} could not be deleted.` });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Only an incomplete portfolio can be deleted.');
    await saveScreenshot(page, 'portfolio-list-delete-refused');
    // The list is refreshed: the portfolio is no longer incomplete, so it leaves this view.
    await expect
      .poll(async () => column(await settledTable(page), 'Client name'), WAIT)
      .not.toContain(submittable.client_name);
  });

  it('opens a portfolio from its client name, and comes back to the same list', async () => {
    const table = await goHome('?status=PENDING&sort=client_name');
    const { portfolios } = await fetchList('PENDING');
    const name = column(table, 'Client name')[0] ?? '';
    const portfolio = portfolios.find((item) => item.client_name === name);
    const link = page.getByRole('link', { name, exact: true });
    expect(await link.getAttribute('href')).toBe(`/portfolio/${portfolio?.id}`);
    await link.click();
    await page.waitForURL(`**/portfolio/${portfolio?.id}`);
    await page.goBack();
    await page.waitForURL(/status=PENDING&sort=client_name/);
    expect(column(await settledTable(page), 'Client name')[0]).toBe(name);
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('PENDING');
  });

  it('shows a skeleton while the list loads', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/portfolios',
      async (route) => {
        await held;
        await route.fallback();
      },
    );
    await page.goto('/');
    const loading = page.getByRole('status').filter({ hasText: 'Loading portfolios…' });
    await loading.waitFor();
    await saveScreenshot(page, 'portfolio-list-loading');
    release();
    await settledTable(page);
    expect(await loading.count()).toBe(0);
    await page.unroute((url) => url.pathname === '/api/portfolios');
  });

  it('shows the error with the api’s message and loads the list on retry', async () => {
    let failures = 0;
    const listUrl = (url: URL) => url.pathname === '/api/portfolios';
    // The app asks twice more by itself after a 5xx, so the route fails until the page gives up.
    await page.route(listUrl, async (route) => {
      failures += 1;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          type: 'server_error',
          errors: [{ code: 'server_error', detail: 'A server error occurred.', attr: null }],
        }),
      });
    });
    await page.goto('/');
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await alert.waitFor();
    expect(failures).toBeGreaterThanOrEqual(1);
    expect(await alert.textContent()).toContain(
      'The server could not complete the request. Please try again.',
    );
    await saveScreenshot(page, 'portfolio-list-error');
    await expectNoSeriousA11yViolations(page, 'home, list failed to load');

    await page.unroute(listUrl);
    await alert.getByRole('button', { name: 'Try again' }).click();
    const table = await settledTable(page);
    expect(table.rowCount).toBe((await fetchList()).number_of_portfolios);
    expect(await alert.count()).toBe(0);
  });

  it('keeps the page within a tablet’s width, the table scrolling sideways in its box', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    try {
      await goHome();
      const widths = await page.evaluate(() => {
        const region = document.querySelector('[aria-label="Portfolio table"]');
        return {
          page: document.documentElement.scrollWidth,
          region: region?.clientWidth ?? 0,
          table: region?.scrollWidth ?? 0,
        };
      });
      expect(widths.page).toBeLessThanOrEqual(768);
      expect(widths.table).toBeGreaterThan(widths.region);
      await saveScreenshot(page, 'portfolio-list-tablet');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('tells an advisor of a firm without portfolios that there are none yet', async () => {
    const advisor = await suite.server.createUser('ADVISOR', {
      firmId: await suite.server.createFirm(),
    });
    const fresh = await openPage(suite.browser, suite.server, '/auth/login');
    try {
      await signInWithPassword(fresh.page, advisor);
      await fresh.page.getByRole('heading', { name: 'No portfolios yet' }).waitFor();
      expect(await totalValue(fresh.page, 'Assets under management')).toBe('$0');
      expect(await totalValue(fresh.page, 'Portfolios')).toBe('0');
      expect(await fresh.page.getByRole('table').count()).toBe(0);
      await saveScreenshot(fresh.page, 'portfolio-list-empty');
    } finally {
      await fresh.context.close();
    }
  });
});
