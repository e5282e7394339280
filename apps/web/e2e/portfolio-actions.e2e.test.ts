import type { Action, PortfolioListResponse } from '@ballast/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../src/lib/format.ts';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { type ApiSession, demoUser, signInToApi } from './support/api.ts';
import {
  openPage,
  saveDialogScreenshot,
  saveScreenshot,
  signInWithPassword,
} from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

describe('the requests of a portfolio: cancel, dismiss and respond', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });
  let advisor: ApiSession;
  let operations: ApiSession;
  let portfolioId: string;
  let context: BrowserContext;
  let page: Page;

  /** An advisor request made through the api, as another tab or colleague would. */
  async function request(segment: string, payload: unknown): Promise<Action> {
    const response = await advisor.send('POST', `/portfolios/${portfolioId}/${segment}`, {
      action_payload: payload,
    });
    if (response.status !== 201) throw new Error(`${segment}: ${await response.text()}`);
    return (await response.json()) as Action;
  }

  /** Operations moves an action (PUT …/actions/{id}), as the back office would. */
  async function move(action: Action, state: string, instructions?: string): Promise<void> {
    const response = await operations.send(
      'PUT',
      `/portfolios/${portfolioId}/actions/${action.id}`,
      { state, ...(instructions ? { needs_action_payload: { instructions } } : {}) },
    );
    if (response.status !== 200) throw new Error(`move to ${state}: ${await response.text()}`);
  }

  function row(action: Action, label: string) {
    return page
      .getByRole('list', { name: 'Requests' })
      .getByRole('listitem', { name: `${label} of ${formatDate(action.created_at)}` });
  }

  /** A toast of the layout's toast area: status for success, alert for failure. */
  function toast(role: 'status' | 'alert', text: string) {
    return page.locator('[data-theme]').filter({ hasText: text }).and(page.getByRole(role));
  }

  async function openDetail(): Promise<void> {
    await page.goto(`/portfolio/${portfolioId}`);
    await page.getByRole('list', { name: 'Requests' }).waitFor();
  }

  beforeAll(async () => {
    const user = demoUser(suite.server, 'ADVISOR');
    advisor = await signInToApi(suite.server, user);
    operations = await signInToApi(suite.server, demoUser(suite.server, 'OPERATIONS'));
    const list = await advisor.get<PortfolioListResponse>('/portfolios?status=IN-GOOD-ORDER');
    portfolioId = list.portfolios[0]?.id ?? '';
    ({ context, page } = await openPage(suite.browser, suite.server));
    await signInWithPassword(page, user);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('cancels a cancellable request after asking, with a toast of its new state', async () => {
    const deposit = await request('request-deposit', { cash: 12_500 });
    await openDetail();
    const item = row(deposit, 'Deposit request');
    await item.getByText('Submitted, cancellable').waitFor();
    expect(await item.getByText('$12,500.00').count()).toBe(1);
    const cancel = item.getByRole('button', { name: 'Cancel' });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this request?' });
    await saveScreenshot(page, 'action-cancel-confirm');
    await expectNoSeriousA11yViolations(page, 'cancel request dialog');
    await saveDialogScreenshot(dialog, 'action-cancel-confirm');
    await dialog.getByRole('button', { name: 'Keep request' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(
      (button) => button === document.activeElement,
      await cancel.elementHandle(),
    );
    await cancel.click();
    await dialog.getByRole('button', { name: 'Cancel request' }).click();
    const done = toast('status', 'Request cancelled');
    await done.waitFor();
    expect(await done.textContent()).toContain('CANCELLED');
    await item.getByText('Cancelled', { exact: true }).waitFor();
    expect(await item.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await dialog.count()).toBe(0);
    const stored = await advisor.get<Action>(`/portfolios/${portfolioId}/actions/${deposit.id}`);
    expect(stored.state).toBe('CANCELLED');
  });

  it('says why when the request moved on meanwhile (409) or was already cancelled (410)', async () => {
    const withdrawal = await request('request-withdrawal', { cash: 2_000 });
    const dnt = await request('set-user-dnt', { set_user_dnt: true, user_dnt: 'DNB' });
    await openDetail();
    await row(withdrawal, 'Withdrawal request').getByText('Submitted, cancellable').waitFor();
    await row(dnt, 'Do-not-trade setting').getByText('Submitted, cancellable').waitFor();

    await move(withdrawal, 'PENDING');
    await row(withdrawal, 'Withdrawal request').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Cancel request' }).click();
    const conflict = toast('alert', 'The request could not be cancelled.');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain(
      'An action in state PENDING cannot move to CANCELLED.',
    );
    await row(withdrawal, 'Withdrawal request').getByText('Pending', { exact: true }).waitFor();
    await saveScreenshot(page, 'action-cancel-conflict');

    expect(
      (await advisor.send('DELETE', `/portfolios/${portfolioId}/actions/${dnt.id}`)).status,
    ).toBe(204);
    await row(dnt, 'Do-not-trade setting').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Cancel request' }).click();
    const gone = toast('alert', 'The request could not be cancelled.').filter({
      hasText: 'The action was already cancelled.',
    });
    await gone.waitFor();
    await row(dnt, 'Do-not-trade setting').getByText('Cancelled', { exact: true }).waitFor();
  });

  it('shows a dismissible request as its base state, with its instructions, and dismisses it', async () => {
    const custodian = await request('update-custodian', [
      { custodian_name: 'Schwab', account_number: 'QW12-ER34' },
    ]);
    await move(custodian, 'PENDING');
    await move(
      custodian,
      'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE',
      'Please send the signed transfer form to the custodian.',
    );
    await openDetail();
    await page.getByText('Status: Needs action').waitFor();
    const item = row(custodian, 'Custodian change');
    await item.getByText('Needs action out of channel', { exact: true }).waitFor();
    expect(
      await item.getByText('Please send the signed transfer form to the custodian.').count(),
    ).toBe(1);
    expect(await item.getByRole('button', { name: 'Respond' }).count()).toBe(0);
    await saveScreenshot(page, 'action-needs-action-out-of-channel');

    await item.getByRole('button', { name: 'Dismiss' }).click();
    await page
      .getByRole('dialog', { name: 'Dismiss this request?' })
      .getByRole('button', { name: 'Dismiss request' })
      .click();
    const done = toast('status', 'Request dismissed');
    await done.waitFor();
    expect(await done.textContent()).toContain('DISMISSED');
    // Advisors are not listed dismissed requests; the portfolio no longer needs them.
    await item.waitFor({ state: 'detached' });
    await page.getByText('Status: In good order').waitFor();
  });

  it('answers an in-channel request with operations’ instructions beside the form', async () => {
    const deposit = await request('request-deposit', { cash: 40_000 });
    await move(deposit, 'PENDING');
    await move(
      deposit,
      'NEEDS-ACTION-IN-CHANNEL',
      'The client asked for 30,000 on the phone. Which amount is right?',
    );
    await openDetail();
    const item = row(deposit, 'Deposit request');
    await item.getByText('Needs action in channel', { exact: true }).waitFor();
    expect(await item.getByRole('button', { name: 'Dismiss' }).count()).toBe(0);
    await item.getByRole('button', { name: 'Respond' }).click();

    const dialog = page.getByRole('dialog', { name: 'Respond: deposit request' });
    await dialog
      .getByText('The client asked for 30,000 on the phone. Which amount is right?')
      .waitFor();
    const amount = dialog.getByLabel('Amount (USD)');
    expect(await amount.inputValue()).toBe('40000');
    await dialog.getByRole('button', { name: 'Send response' }).click();
    await dialog.getByText('This field is required.').waitFor();
    await saveScreenshot(page, 'action-respond');
    await expectNoSeriousA11yViolations(page, 'respond to a request');
    await saveDialogScreenshot(dialog, 'action-respond');

    await amount.fill('30,000');
    await dialog.getByLabel('Your answer').fill('Thirty thousand, as on the phone.');
    await dialog.getByRole('button', { name: 'Send response' }).click();
    const done = toast('status', 'Response sent');
    await done.waitFor();
    expect(await done.textContent()).toContain('SUBMITTED');
    await item.getByText('Submitted', { exact: true }).waitFor();
    await item.getByText('$30,000.00').waitFor();

    const stored = await advisor.get<Action>(`/portfolios/${portfolioId}/actions/${deposit.id}`);
    expect(stored).toMatchObject({
      state: 'SUBMITTED',
      action_payload: { cash: 30_000 },
      needs_action_payload: { instructions: 'Thirty thousand, as on the phone.' },
    });
  });

  it('offers both Respond and Dismiss on an in-channel request marked dismissible', async () => {
    const dnt = await request('set-user-dnt', { set_user_dnt: false });
    await move(dnt, 'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE', 'Is trading to resume today?');
    await openDetail();
    const item = row(dnt, 'Do-not-trade setting');
    await item.getByText('Needs action in channel', { exact: true }).waitFor();
    expect(await item.getByRole('button', { name: 'Respond' }).count()).toBe(1);
    expect(await item.getByRole('button', { name: 'Dismiss' }).count()).toBe(1);
  });
});
