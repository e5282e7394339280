import { readFile } from 'node:fs/promises';
import { schema } from '@ballast/db';
import { type HoldingReportInput, recordHoldingReport } from '@ballast/server/testing';
import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { type ApiSession, demoUser, openAccountThroughApi, signInToApi } from './support/api.ts';
import { parseCsv } from './support/csv.ts';
import { tabTo } from './support/keyboard.ts';
import {
  expectDialogKeyboard,
  openPage,
  saveDialogScreenshot,
  saveScreenshot,
  signInWithPassword,
} from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

const CLIENT = 'Bartholomew Bridgecase';

/*
 * An account opened on Wednesday 1 April 2026 with 250,000.00. Each day:
 * nav = previous nav + deposit − withdraw + income + realised + Δunrealised − fees.
 *   1 Apr: 0 + 250,000.00 − 25.00 − 120.50 (unrealised 0 → −120.50)                = 249,854.50
 *   2 Apr: 249,854.50 − 1,000.00 + 312.40 + 18.75 + 530.75 (−120.50 → 410.25)      = 249,716.40
 *   3 Apr: 249,716.40 + 5,000.00 − 110.00 (410.25 → 300.25) − 2.10                  = 254,604.30
 * A dollar grew to 0.9994, 1.003 and 1.0025 at those closes.
 */
const DAYS = [
  {
    date: '2026-04-01',
    nav: 249_854.5,
    deposit: 250_000,
    withdraw: 0,
    figures: { fees: '25.00', unrealized: '-120.50', growthIndex: 0.9994 },
  },
  {
    date: '2026-04-02',
    nav: 249_716.4,
    deposit: 0,
    withdraw: 1_000,
    figures: {
      income: '312.40',
      realizedPriceChange: '18.75',
      unrealized: '410.25',
      growthIndex: 1.003,
    },
  },
  {
    date: '2026-04-03',
    nav: 254_604.3,
    deposit: 5_000,
    withdraw: 0,
    figures: { fees: '2.10', unrealized: '300.25', growthIndex: 1.0025 },
  },
];

/** A day's report with only cash, its returns as the table shows them (total 0.25 %). */
function reportOf(day: (typeof DAYS)[number]): HoldingReportInput {
  const returns = Object.fromEntries(
    ['1d', '1m', '3m', '6m', '3y', 'ytd', '1y', 'total'].flatMap((period) => [
      [`return_${period}_usd`, ['ytd', 'total'].includes(period) ? 4_604.3 : null],
      [`return_${period}_pct`, ['ytd', 'total'].includes(period) ? 0.25 : null],
    ]),
  );
  return {
    report_date: day.date,
    nav: day.nav,
    ytw: null,
    duration: null,
    annual_tax_loss: 0,
    tey: null,
    percent_portfolio_analyzed: 100,
    average_rating: null,
    tax_loss_harvested: 0,
    tax_loss_value: 0,
    ...returns,
    report_date_deposit_usd: day.deposit,
    report_date_withdraw_usd: day.withdraw,
    report_date_realized_gain: 0,
    report_date_realized_loss: 0,
    number_of_holdings: 1,
    assets: [
      {
        asset_class: 'cash',
        cost_basis: day.nav,
        current_value_usd: day.nav,
        cusip: null,
        description: 'Cash',
        duration: null,
        last_price_usd: 1,
        percent_account: 100,
        quantity: day.nav,
        total_gain_loss_usd: 0,
        ytw: null,
        in_state_flag: 'false',
      },
    ],
  } as HoldingReportInput;
}

describe('a return opened into its bridge', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });
  let advisor: ApiSession;
  let portfolioId: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    advisor = await signInToApi(suite.server, demoUser(suite.server, 'ADVISOR'));
    const operations = await signInToApi(suite.server, demoUser(suite.server, 'OPERATIONS'));
    portfolioId = await openAccountThroughApi(advisor, operations, {
      first_name: 'Bartholomew',
      last_name: 'Bridgecase',
    });
    // No api call writes reports (the daily valuation does), so the test writes its own days.
    const firmId = suite.server.firmId;
    if (!firmId) throw new Error('the minimal scenario seeds a firm');
    const { db } = suite.server.database;
    await db
      .update(schema.portfolios)
      .set({ inceptionDate: '2026-04-01' })
      .where(eq(schema.portfolios.id, portfolioId));
    for (const day of DAYS) {
      await db.transaction((tx) =>
        recordHoldingReport(tx, { firmId, portfolioId, report: reportOf(day) }),
      );
      await db
        .update(schema.holdingReports)
        .set({ income: '0', fees: '0', realizedPriceChange: '0', ...day.figures })
        .where(
          and(
            eq(schema.holdingReports.portfolioId, portfolioId),
            eq(schema.holdingReports.reportDate, day.date),
          ),
        );
    }

    // The ledger behind those days: the opening deposit, a withdrawal, and a lot sold for
    // 5,018.75 that cost 5,000.00: 5,018.75 − 5,000.00 = 18.75, held since 2024, long-term.
    const entry = { firmId, portfolioId, income: '0', fee: '0' };
    await db.insert(schema.ledgerEntries).values([
      {
        ...entry,
        entryDate: '2026-04-01',
        seq: 0,
        kind: 'DEPOSIT',
        reason: 'OPENING',
        cash: '250000.00',
      },
      {
        ...entry,
        entryDate: '2026-04-02',
        seq: 0,
        kind: 'WITHDRAWAL',
        reason: 'FLOW',
        cash: '-1000.00',
      },
      {
        ...entry,
        entryDate: '2026-04-02',
        seq: 1,
        kind: 'SELL',
        reason: 'REBALANCE',
        instrument: '13063DLZ9',
        quantity: '-5000',
        cash: '5018.75',
        acquiredOn: '2024-03-01',
        proceeds: '5018.75',
        costBasis: '5000.00',
        gainLoss: '18.75',
        term: 'LONG',
        washSaleDisallowed: '0.00',
      },
    ]);

    ({ context, page } = await openPage(suite.browser, suite.server));
    await signInWithPassword(page, demoUser(suite.server, 'ADVISOR'));
    await page.goto(`/portfolio/${portfolioId}`);
    await page.getByRole('heading', { level: 1, name: CLIENT }).waitFor();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('opens the total from the keyboard, its lines adding up to the closing value', async () => {
    const returns = page.getByRole('table', { name: 'Returns against the benchmark by period' });
    const opener = returns.getByRole('button', {
      name: "Since inception: open the return's bridge",
    });
    await opener.waitFor();
    // A month is longer than the account: that period has no bridge to open.
    expect(await returns.getByRole('button', { name: /^1 month/ }).count()).toBe(0);
    await tabTo(opener);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Since inception: how the value moved' });
    await dialog.waitFor();
    const lines = await dialog
      .getByRole('row')
      .evaluateAll((rows) =>
        rows.slice(1).map((row) => Array.from(row.children, (cell) => cell.textContent)),
      );
    // Deposits 250,000.00 + 5,000.00; fees 25.00 + 2.10; unrealised 300.25 − 0;
    // 0 + 255,000.00 − 1,000.00 + 312.40 + 18.75 + 300.25 − 27.10 = 254,604.30.
    expect(lines).toEqual([
      ['', 'Opening value, close of Mar 31, 2026', '$0.00'],
      ['+plus', 'Deposits', '$255,000.00'],
      ['−minus', 'Withdrawals', '$1,000.00'],
      ['+plus', 'Income (coupons, staking, interest)', '$312.40'],
      ['+plus', 'Realised price change', '$18.75'],
      ['+plus', 'Unrealised price change', '$300.25'],
      ['−minus', 'Fees', '$27.10'],
      ['=equals', 'Closing value, Apr 3, 2026', '$254,604.30'],
    ]);
    // A dollar at 1 grew to 1.0025: 0.25 %.
    expect(await dialog.getByText('Time-weighted return:').locator('..').textContent()).toBe(
      'Time-weighted return: 0.25%',
    );
    await dialog.getByText(/^Time-weighted: each day's return excludes/).waitFor();
    await expectNoSeriousA11yViolations(page, 'return bridge dialog');
    await saveDialogScreenshot(dialog, 'return-bridge');
    await expectDialogKeyboard(dialog, opener);
  });

  it('downloads the transactions and the tax lots of the year as CSV files', async () => {
    const exports = page.getByRole('region', { name: 'Exports' });
    const downloading = page.waitForEvent('download');
    await exports.getByRole('button', { name: 'Export transactions (CSV)' }).click();
    const transactions = await downloading;
    expect(transactions.suggestedFilename()).toBe('transactions-2026-01-01-to-2026-04-03.csv');
    const rows = parseCsv(await readFile(await transactions.path(), 'utf8'));
    expect(rows.slice(1, -1).map((row) => [row[0], row[1], row[6]])).toEqual([
      ['2026-04-01', 'DEPOSIT', '250000.00'],
      ['2026-04-02', 'WITHDRAWAL', '-1000.00'],
      ['2026-04-02', 'SELL', '5018.75'],
    ]);

    const lotsDownloading = page.waitForEvent('download');
    await exports.getByRole('button', { name: 'Export tax lots (CSV)' }).click();
    const lots = await lotsDownloading;
    expect(lots.suggestedFilename()).toBe('tax-lots-2026.csv');
    const lotRows = parseCsv(await readFile(await lots.path(), 'utf8'));
    expect(lotRows[1]).toEqual([
      '5000 13063DLZ9',
      '13063DLZ9',
      '2024-03-01',
      '2026-04-02',
      '5018.75',
      '5000.00',
      '',
      '0.00',
      '18.75',
      'LONG',
    ]);

    // A range that ends before it starts is refused beside the field the api names.
    await exports.getByLabel('From', { exact: true }).fill('2026-05-01');
    await exports.getByRole('button', { name: 'Export transactions (CSV)' }).click();
    await exports.getByText('The start date must be on or before the end date.').waitFor();
    await saveScreenshot(page, 'ledger-exports');
  });
});
