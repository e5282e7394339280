import { readFile } from 'node:fs/promises';
import type {
  PagedList,
  PortfolioDetail,
  PortfolioListResponse,
  ReportDocument,
} from '@ballast/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rangeStart } from '../src/features/portfolio-detail/history/history-range.ts';
import {
  formatDate,
  formatNumber,
  formatPercent,
  formatUsd,
  formatYears,
} from '../src/lib/format.ts';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { type ApiSession, demoUser, signInToApi } from './support/api.ts';
import { parseCsv } from './support/csv.ts';
import { expectTitle, openPage, saveScreenshot, signInWithPassword } from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

/** The value beside a label in one of the screen's description lists. */
function figure(page: Page, section: string, label: string) {
  return page
    .getByRole('region', { name: section, exact: true })
    .locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

/**
 * Days of history reaching a week past the last year end, so that its tax report is made, and
 * past six months, so that All has more NAV points than 6M, whatever day the suite runs: a fixed
 * 340 days, enough in November, reaches no year end from the 6th of December.
 */
function historyDaysForDetail(today: Date): number {
  const day = 86_400_000;
  const lastYearEnd = Date.UTC(today.getUTCFullYear() - 1, 11, 31);
  const sinceYearEnd = Math.ceil((today.getTime() - lastYearEnd) / day);
  return Math.max(sinceYearEnd + 7, 200);
}

describe('the portfolio detail screen', () => {
  const suite = serverAndBrowser({
    seed: 'demo',
    demoHistoryDays: historyDaysForDetail(new Date()),
  });
  let api: ApiSession;
  let detail: PortfolioDetail;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const advisor = demoUser(suite.server, 'ADVISOR');
    api = await signInToApi(suite.server, advisor);
    const list = await api.get<PortfolioListResponse>('/portfolios?status=IN-GOOD-ORDER');
    const bond = list.portfolios.find((item) => item.current_strategy_summary?.style === 'B');
    if (!bond) throw new Error('the demo advisor has no bond portfolio in good order');
    detail = await api.get<PortfolioDetail>(`/portfolios/${bond.id}`);
    ({ context, page } = await openPage(suite.browser, suite.server));
    await signInWithPassword(page, advisor);
    await page.goto(`/portfolio/${detail.id}`);
    await page.getByRole('heading', { level: 1, name: detail.client_name }).waitFor();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('shows the client, custodian, strategy and holding figures the api gives', async () => {
    const holding = detail.current_holding;
    if (!holding) throw new Error('the portfolio has no holding report');
    await expectTitle(page, `${detail.client_name} | Ballast`);
    expect(await page.getByText('Status: In good order').count()).toBe(1);
    expect(
      await page.getByText(`Do not trade: ${detail.user_dnt ?? 'off'}`, { exact: true }).count(),
    ).toBe(1);

    const expected: [string, string][] = [
      ['NAV', formatUsd(holding.nav)],
      ['Yield to worst', formatPercent(holding.ytw)],
      ['Duration', `${formatYears(holding.duration)} yrs`],
      ['Tax-equivalent yield', formatPercent(holding.tey)],
      ['Average rating', holding.average_rating ?? '—'],
      ['Tax loss harvested', formatUsd(holding.tax_loss_harvested)],
      ['Holdings', formatNumber(holding.number_of_holdings)],
      ['Report date', formatDate(holding.report_date)],
    ];
    for (const [label, value] of expected) {
      expect(await figure(page, 'Holdings summary', label).textContent(), label).toBe(value);
    }

    const custodian = detail.current_custodians[0];
    if (!custodian) throw new Error('the portfolio has no custodian');
    expect(await figure(page, 'Custodian', custodian.custodian_name).textContent()).toBe(
      custodian.custodian_account,
    );
    expect(await figure(page, 'Client', 'Account type').textContent()).toBe(
      detail.current_client_data?.account_type,
    );
    expect(await figure(page, 'Client', 'Inception date').textContent()).toBe(
      formatDate(detail.inception_date),
    );
    expect(await figure(page, 'Strategy', 'Style').textContent()).toBe('Fixed income (B)');
    expect(await figure(page, 'Strategy', 'Tax rate').textContent()).toBe(
      `${detail.current_strategy?.tax_data.tax_rate}%`,
    );

    const returns = page.getByRole('table', { name: 'Returns against the benchmark by period' });
    const oneMonth = returns.getByRole('row', { name: /^1 month/ });
    expect(await oneMonth.getByRole('cell').allTextContents()).toEqual([
      formatUsd(holding.return_1m_usd),
      formatPercent(holding.return_1m_pct),
      formatPercent(detail.benchmark_returns?.['1m']),
      expect.stringMatching(/pts$/),
    ]);
    const oneDay = returns.getByRole('row', { name: /^1 day/ });
    expect((await oneDay.getByRole('cell').allTextContents())[2]).toBe('—');

    const distribution = page.getByRole('figure', { name: 'Asset distribution' });
    await distribution.getByRole('button', { name: 'Show Asset distribution as table' }).click();
    const national = distribution.getByRole('row', { name: /^National munis/ });
    expect(await national.getByRole('cell').last().textContent()).toBe(
      formatPercent(detail.asset_distribution?.national_municipal_bonds),
    );
    await expectNoSeriousA11yViolations(page, 'portfolio detail, a chart as table');
    await distribution.getByRole('button', { name: 'Show Asset distribution chart' }).click();
    await saveScreenshot(page, 'portfolio-detail');
    await expectNoSeriousA11yViolations(page, 'portfolio detail');
  });

  it('shows as many NAV points as the api has for each range, as a chart or a table', async () => {
    const anchor = detail.current_holding?.report_date ?? '';
    const countFor = async (range: '1M' | '6M' | 'All') => {
      const start = rangeStart(range, anchor);
      const query = start ? `&start_time=${start}` : '';
      const page = await api.get<PagedList<unknown>>(
        `/portfolios/${detail.id}/nav/history?limit=1${query}`,
      );
      return page.count;
    };
    const nav = page.getByRole('figure', { name: 'NAV history' });
    const picker = page.getByRole('group', { name: 'History range' });
    const counts = new Map<string, number>();
    for (const range of ['1M', '6M', 'All'] as const) {
      counts.set(range, await countFor(range));
      await picker.getByRole('button', { name: range, exact: true }).click();
      expect(
        await picker.getByRole('button', { name: range, exact: true }).getAttribute('aria-pressed'),
      ).toBe('true');
      await nav.getByText(`${counts.get(range)} daily values from`).waitFor();
    }
    expect(counts.get('1M')).toBeLessThan(counts.get('6M') ?? 0);
    expect(counts.get('6M')).toBeLessThan(counts.get('All') ?? 0);

    await picker.getByRole('button', { name: '1M', exact: true }).click();
    await nav.getByText(`${counts.get('1M')} daily values from`).waitFor();
    await nav.getByRole('button', { name: 'Show NAV history as table' }).click();
    const table = nav.getByRole('region', { name: 'NAV history data' });
    expect(await table.locator('tbody tr').count()).toBe(counts.get('1M'));
    const last = await api.get<PagedList<{ report_date: string; nav: number }>>(
      `/portfolios/${detail.id}/nav/history?limit=1&start_time=${anchor}`,
    );
    expect(await table.locator('tbody tr').last().locator('td').allTextContents()).toEqual([
      formatDate(last.results[0]?.report_date),
      formatUsd(last.results[0]?.nav),
    ]);
    await nav.getByRole('button', { name: 'Show NAV history chart' }).click();
    // The bars charts follow the same range.
    await page
      .getByRole('figure', { name: 'Deposits and withdrawals' })
      .getByText(`to ${formatDate(anchor)}.`, { exact: false })
      .waitFor();
  });

  it('sorts the holdings by a column header and exports them in that order as CSV', async () => {
    const assets = detail.current_holding?.assets ?? [];
    const holdings = page.getByRole('region', { name: 'Holdings', exact: true });
    const header = holdings.getByRole('columnheader', { name: /Market value/ });
    expect(await header.getAttribute('aria-sort')).toBe('none');
    await header.getByRole('button').click();
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    const ascending = [...assets].sort((a, b) => a.current_value_usd - b.current_value_usd);
    const cells = holdings.locator('tbody tr td:nth-child(6)');
    expect(await cells.allTextContents()).toEqual(
      ascending.map((line) => formatUsd(line.current_value_usd)),
    );
    await header.getByRole('button').click();
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    expect(await cells.first().textContent()).toBe(formatUsd(ascending.at(-1)?.current_value_usd));

    const downloading = page.waitForEvent('download');
    await holdings.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^holdings-.+\.csv$/);
    const rows = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(rows[0]?.[5]).toBe('Market value');
    expect(rows).toHaveLength(assets.length + 1);
    expect(rows.slice(1).map((row) => Number(row[5]))).toEqual(
      [...ascending].reverse().map((line) => line.current_value_usd),
    );
    expect(rows[1]?.[0]).toBe(ascending.at(-1)?.description);
  });

  it('downloads statements and tax reports as PDF files, a page of the list at a time', async () => {
    const statements = await api.get<PagedList<ReportDocument>>(
      `/portfolios/${detail.id}/statements?limit=500`,
    );
    const taxReports = await api.get<PagedList<ReportDocument>>(
      `/portfolios/${detail.id}/tax-reports?limit=500`,
    );
    const newest = statements.results[0];
    const taxReport = taxReports.results[0];
    if (!newest || !taxReport) throw new Error('the demo portfolio has no documents');

    const statementList = page.getByRole('region', { name: 'Statements' });
    for (const [region, document, noun] of [
      [statementList, newest, 'statement'],
      [page.getByRole('region', { name: 'Tax reports' }), taxReport, 'tax report'],
    ] as const) {
      const downloading = page.waitForEvent('download');
      await region
        .getByRole('button', {
          name: `Download PDF, ${noun} for ${formatDate(document.report_date)}`,
        })
        .click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }

    expect(statements.count).toBeGreaterThan(10);
    await statementList.getByText(`1–10 of ${statements.count}`).waitFor();
    await statementList.getByRole('button', { name: 'Next' }).click();
    await statementList.getByText(`11–${statements.count} of ${statements.count}`).waitFor();
    const oldest = statements.results.at(-1);
    await statementList
      .getByRole('button', {
        name: `Download PDF, statement for ${formatDate(oldest?.report_date)}`,
      })
      .waitFor();
    expect(await statementList.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  });

  it('fits a tablet, names its charts and shows a text summary of each', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: detail.client_name }).waitFor();
    await page
      .getByRole('figure', { name: 'NAV history' })
      .getByText('daily values from')
      .waitFor();
    for (const name of [
      'NAV history',
      'Asset distribution',
      'Deposits and withdrawals',
      'Realized gains and losses',
    ]) {
      const chart = page.getByRole('figure', { name });
      expect(await chart.getAttribute('aria-describedby')).toBeTruthy();
      expect(await chart.locator('figcaption').textContent()).not.toBe('');
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await saveScreenshot(page, 'portfolio-detail-tablet');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('shows a skeleton while the portfolio loads, and offers a retry when it fails', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let failures = 0;
    const detailUrl = `**/api/portfolios/${detail.id}`;
    await page.route(detailUrl, async (route) => {
      await held;
      // The first load fails (and its retries) until the test lets the server answer.
      if (failures < 3) {
        failures += 1;
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            type: 'server_error',
            errors: [{ code: 'error', detail: 'A server error occurred.', attr: null }],
          }),
        });
      } else await route.continue();
    });
    await page.goto(`/portfolio/${detail.id}`);
    await page.getByRole('status').filter({ hasText: 'Loading portfolio' }).waitFor();
    await saveScreenshot(page, 'portfolio-detail-loading');
    release();
    const failed = page
      .getByRole('alert')
      .filter({ hasText: 'The portfolio could not be loaded.' });
    await failed.waitFor();
    expect(await failed.textContent()).toContain(
      'The server could not complete the request. Please try again.',
    );
    await expectTitle(page, 'Portfolio | Ballast');
    await saveScreenshot(page, 'portfolio-detail-error');
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: detail.client_name }).waitFor();
    await page.unroute(detailUrl);
  });

  it('shows an account still in onboarding and a token account without bond figures', async () => {
    const list = await api.get<PortfolioListResponse>('/portfolios');
    const incomplete = list.portfolios.find((item) => item.status === 'INCOMPLETE');
    const token = list.portfolios.find(
      (item) => item.status === 'IN-GOOD-ORDER' && item.current_strategy_summary?.style !== 'B',
    );
    if (!incomplete || !token) throw new Error('the demo lacks an incomplete or token portfolio');

    await page.goto(`/portfolio/${incomplete.id}`);
    await page.getByRole('heading', { level: 1, name: incomplete.client_name }).waitFor();
    await page.getByText('Requests can be made once the account is opened.').waitFor();
    expect(await page.getByRole('group', { name: 'New request' }).count()).toBe(0);
    await page.getByText('No holding report yet', { exact: false }).waitFor();
    // Before the first valuation there is no history, return, holding or document to show.
    for (const section of ['History', 'Returns', 'Holdings', 'Statements']) {
      expect(await page.getByRole('region', { name: section, exact: true }).count()).toBe(0);
    }
    await saveScreenshot(page, 'portfolio-detail-incomplete');
    await expectNoSeriousA11yViolations(page, 'portfolio detail, still in onboarding');

    await page.goto(`/portfolio/${token.id}`);
    await page.getByRole('heading', { level: 1, name: token.client_name }).waitFor();
    expect(await figure(page, 'Holdings summary', 'Yield to worst').textContent()).toBe('—');
    await page.getByText('No distribution by bond class', { exact: false }).waitFor();
    await page
      .getByRole('figure', { name: 'NAV history' })
      .getByText('daily values from')
      .waitFor();
    await saveScreenshot(page, 'portfolio-detail-token');
    await expectNoSeriousA11yViolations(page, 'portfolio detail, token strategy');
  });

  it('says a portfolio that is not the advisor’s, or does not exist, cannot be shown', async () => {
    const stranger = await suite.server.createUser('ADVISOR');
    const other = await suite.browser.newContext({ baseURL: suite.server.url });
    const strangerPage = await other.newPage();
    await signInWithPassword(strangerPage, stranger);
    for (const id of [detail.id, crypto.randomUUID(), 'not-a-uuid']) {
      await strangerPage.goto(`/portfolio/${id}`);
      await strangerPage
        .getByRole('heading', { name: 'This portfolio does not exist or is not yours.' })
        .waitFor();
      expect(
        await strangerPage.getByRole('link', { name: 'Back to portfolios' }).getAttribute('href'),
      ).toBe('/');
    }
    await saveScreenshot(strangerPage, 'portfolio-detail-not-found');
    await expectNoSeriousA11yViolations(strangerPage, 'portfolio not found');
    await other.close();
  });
});
