import type { Action, PortfolioAlertsResponse } from '@ballast/contract';
import { type HoldingReportInput, recordHoldingReport } from '@ballast/server/testing';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { type ApiSession, demoUser, openAccountThroughApi, signInToApi } from './support/api.ts';
import { tabTo } from './support/keyboard.ts';
import {
  openPage,
  saveDialogScreenshot,
  saveScreenshot,
  signInWithPassword,
} from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

// A client and an amount no seeded portfolio or request has, so the test finds its own.
const CLIENT = 'Wilhelmina Monitorcase';
const CASH = 2468.13;
const INSTRUCTIONS = 'Please confirm the bank the deposit comes from.';

/**
 * A report of today for the test's portfolio: $200,000 of which $60,000 is cash, 30 % against
 * the monitor's 10 % limit; every other figure within the default strategy's limits (duration
 * 5 inside 4-6, rated AA against an A floor, nothing at a loss).
 */
function cashHeavyReport(): HoldingReportInput {
  const line = {
    cusip: null,
    duration: null,
    ytw: null,
    last_price_usd: 1,
    total_gain_loss_usd: 0,
    in_state_flag: 'false' as const,
  };
  const bonds = {
    ...line,
    asset_class: 'national_municipal_bonds',
    cusip: '13063DLZ9',
    description: 'California St GO 4.000% 2034',
    duration: 5,
    ytw: 3.4,
    cost_basis: 140_000,
    current_value_usd: 140_000,
    quantity: 140_000,
    percent_account: 70,
  };
  const cash = {
    ...line,
    asset_class: 'cash',
    description: 'Cash',
    cost_basis: 60_000,
    current_value_usd: 60_000,
    quantity: 60_000,
    percent_account: 30,
  };
  const none = { usd: null, pct: null };
  return {
    report_date: new Date().toISOString().slice(0, 10),
    nav: 200_000,
    ytw: 3.4,
    duration: 5,
    annual_tax_loss: 0,
    tey: 4.5,
    percent_portfolio_analyzed: 100,
    average_rating: 'AA',
    tax_loss_harvested: 0,
    tax_loss_value: 0,
    ...Object.fromEntries(
      ['1d', '1m', '3m', '6m', '3y', 'ytd', '1y', 'total'].flatMap((period) => [
        [`return_${period}_usd`, none.usd],
        [`return_${period}_pct`, none.pct],
      ]),
    ),
    report_date_deposit_usd: 0,
    report_date_withdraw_usd: 0,
    report_date_realized_gain: 0,
    report_date_realized_loss: 0,
    number_of_holdings: 2,
    assets: [bonds, cash],
  } as HoldingReportInput;
}

describe('the monitor', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });
  let advisor: ApiSession;
  let operations: ApiSession;
  let portfolioId: string;
  let deposit: Action;
  let context: BrowserContext;
  let page: Page;

  async function expectOk(response: Response): Promise<unknown> {
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return response.json();
  }

  function needsYou(): Locator {
    return page.getByRole('list', { name: 'Needs you' });
  }

  async function screenshots(name: string): Promise<void> {
    await saveScreenshot(page, `monitor-${name}-1280`);
    await page.setViewportSize({ width: 768, height: 1024 });
    await saveScreenshot(page, `monitor-${name}-768`);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  beforeAll(async () => {
    advisor = await signInToApi(suite.server, demoUser(suite.server, 'ADVISOR'));
    operations = await signInToApi(suite.server, demoUser(suite.server, 'OPERATIONS'));
    // The portfolio is this file's own: opened through the api by the demo advisor and operations.
    portfolioId = await openAccountThroughApi(advisor, operations, {
      first_name: 'Wilhelmina',
      last_name: 'Monitorcase',
    });
    // Operations asks the advisor, in the app, about a deposit the advisor requested.
    deposit = (await expectOk(
      await advisor.send('POST', `/portfolios/${portfolioId}/request-deposit`, {
        action_payload: { cash: CASH },
      }),
    )) as Action;
    await expectOk(
      await operations.send('PUT', `/portfolios/${portfolioId}/actions/${deposit.id}`, {
        state: 'NEEDS-ACTION-IN-CHANNEL',
        needs_action_payload: { instructions: INSTRUCTIONS },
      }),
    );
    // No api call writes a holding report (reports are the custodian's daily valuation), so the
    // test writes its portfolio's report with the writer the seed scenarios use.
    const firmId = suite.server.firmId;
    if (!firmId) throw new Error('the minimal scenario seeds a firm');
    await suite.server.database.db.transaction((tx) =>
      recordHoldingReport(tx, { firmId, portfolioId, report: cashHeavyReport() }),
    );
    const alerts = await advisor.get<PortfolioAlertsResponse>('/portfolio-alerts');
    expect(
      alerts.alerts.filter((alert) => alert.portfolio_id === portfolioId).map((a) => a.kind),
    ).toEqual(['CASH_ABOVE_LIMIT']);

    ({ context, page } = await openPage(suite.browser, suite.server));
    await signInWithPassword(page, demoUser(suite.server, 'ADVISOR'));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('shows the request waiting for the advisor and the alert, with counts; axe finds nothing serious', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Monitor' })
      .click();
    await page.waitForURL('**/monitor');
    const request = needsYou().getByRole('listitem').filter({ hasText: CLIENT });
    await request.waitFor();
    const said = await request.textContent();
    expect(said).toContain('Deposit request');
    expect(said).toContain(INSTRUCTIONS);

    const alertRow = page
      .getByRole('table', { name: 'Alerts' })
      .getByRole('row')
      .filter({ hasText: CLIENT });
    await alertRow.waitFor();
    expect(await alertRow.textContent()).toContain(
      'Cash is 30% of the portfolio ($60,000.00), above the 10% limit.',
    );
    const counts = page.getByRole('list', { name: 'Counts per category' });
    // The minimal scenario asks its advisor nothing, so the test's own request is the one.
    expect(await counts.getByRole('button', { name: /Needs you/ }).textContent()).toBe(
      '1Needs you',
    );
    await expectNoSeriousA11yViolations(page, 'monitor');
    await screenshots('all');
  });

  it('answers the in-channel request with the keyboard alone', async () => {
    const request = needsYou().getByRole('listitem').filter({ hasText: CLIENT });
    const respond = request.getByRole('button', { name: /^Respond/ });
    await tabTo(respond);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Respond: deposit request' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(INSTRUCTIONS);
    await expectNoSeriousA11yViolations(page, 'monitor, respond dialog open');
    await saveDialogScreenshot(dialog, 'monitor-respond');
    await tabTo(dialog.getByRole('textbox', { name: 'Your answer' }));
    await page.keyboard.type('From the client’s account at First National.');
    await tabTo(dialog.getByRole('button', { name: 'Send response' }));
    const answered = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/actions/${deposit.id}/submit-response`) &&
        response.request().method() === 'PATCH',
    );
    await page.keyboard.press('Enter');
    expect((await answered).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });

    // It leaves what waits for the advisor and is listed as submitted again.
    await request.waitFor({ state: 'detached' });
    const submitted = page
      .getByRole('table', { name: 'Submitted or pending' })
      .getByRole('row')
      .filter({ hasText: CLIENT });
    await submitted.waitFor();
    expect(await submitted.textContent()).toContain('$2,468.13');
    const now = await advisor.get<Action>(`/portfolios/${portfolioId}/actions/${deposit.id}`);
    expect(now.state).toBe('SUBMITTED');
    expect(now.needs_action_payload?.instructions).toBe(
      'From the client’s account at First National.',
    );
  });

  it('keeps a filter in the address across a reload', async () => {
    await page.getByRole('combobox', { name: 'Status' }).selectOption('alerts');
    await page.waitForURL((url) => url.searchParams.get('status') === 'alerts');
    await page.reload();
    const status = page.getByRole('combobox', { name: 'Status' });
    await page.getByRole('table', { name: 'Alerts' }).waitFor();
    expect(await status.inputValue()).toBe('alerts');
    expect(await page.getByRole('heading', { name: /^Needs you/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Alerts/, pressed: true }).count()).toBe(1);
    await screenshots('alerts-only');
  });

  it("follows an alert's link to the portfolio", async () => {
    const alertRow = page
      .getByRole('table', { name: 'Alerts' })
      .getByRole('row')
      .filter({ hasText: CLIENT });
    await alertRow.getByRole('link', { name: CLIENT }).click();
    await page.waitForURL(`**/portfolio/${portfolioId}`);
    await page.getByRole('heading', { name: CLIENT }).first().waitFor();
  });
});
