import type {
  Action,
  PagedList,
  PortfolioDetail,
  PortfolioListResponse,
  QueuedAction,
} from '@ballast/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { type ApiSession, demoUser, signInToApi } from './support/api.ts';
import { tabTo } from './support/keyboard.ts';
import {
  expectDialogKeyboard,
  openPage,
  saveDialogScreenshot,
  saveScreenshot,
  signInWithPassword,
  waitForFocus,
} from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

// An amount no seeded request has, so the test finds its own request by it.
const CASH = 4321.17;
const AMOUNT = '$4,321.17';

describe('the operations queue', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });
  let advisor: ApiSession;
  let operations: ApiSession;
  let portfolio: PortfolioDetail;
  let deposit: Action;
  let context: BrowserContext;
  let page: Page;
  let otherContext: BrowserContext;
  let otherPage: Page;

  function requestCard(on: Page, title: string): Locator {
    return on.getByRole('list', { name: 'Open requests' }).getByRole('listitem', { name: title });
  }

  async function stateOf(actionId: string): Promise<string> {
    return (await operations.get<Action>(`/portfolios/${portfolio.id}/actions/${actionId}`)).state;
  }

  async function screenshots(on: Page, name: string): Promise<void> {
    await saveScreenshot(on, `operations-${name}-1280`);
    await on.setViewportSize({ width: 768, height: 1024 });
    await saveScreenshot(on, `operations-${name}-768`);
    await on.setViewportSize({ width: 1280, height: 900 });
  }

  /** The advisor's own request list on the portfolio page, freshly loaded. */
  async function advisorRows(kind: string): Promise<Locator> {
    const { context: advisorContext, page: advisorPage } = await openPage(
      suite.browser,
      suite.server,
    );
    await signInWithPassword(advisorPage, demoUser(suite.server, 'ADVISOR'));
    await advisorPage.goto(`/portfolio/${portfolio.id}`);
    // Loaded: the list, or the words for none.
    await advisorPage
      .getByRole('list', { name: 'Requests' })
      .or(advisorPage.getByText('No requests yet.'))
      .waitFor();
    closers.push(() => advisorContext.close());
    return advisorPage
      .getByRole('listitem', { name: new RegExp(`^${kind} of `) })
      .filter({ hasText: AMOUNT });
  }
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    advisor = await signInToApi(suite.server, demoUser(suite.server, 'ADVISOR'));
    operations = await signInToApi(suite.server, demoUser(suite.server, 'OPERATIONS'));
    // The request this file works on is its own: made here, as the advisor, through the api.
    const list = await advisor.get<PortfolioListResponse>('/portfolios?status=IN-GOOD-ORDER');
    for (const item of list.portfolios) {
      const made = await advisor.send('POST', `/portfolios/${item.id}/request-deposit`, {
        action_payload: { cash: CASH },
      });
      if (made.status !== 201) continue;
      deposit = (await made.json()) as Action;
      portfolio = await advisor.get<PortfolioDetail>(`/portfolios/${item.id}`);
      break;
    }
    if (!deposit) throw new Error('no portfolio of the demo advisor takes a deposit request');
    ({ context, page } = await openPage(suite.browser, suite.server));
    await signInWithPassword(page, demoUser(suite.server, 'OPERATIONS'));
  });

  afterAll(async () => {
    for (const close of closers) await close();
    await otherContext?.close();
    await context?.close();
  });

  it('lists the request with its client, advisor, age and history; axe finds nothing serious', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Operations' })
      .click();
    await page.waitForURL('**/operations');
    const card = requestCard(page, `Deposit request of ${AMOUNT}`);
    await card.waitFor();
    expect(await card.getByRole('link', { name: portfolio.client_name }).getAttribute('href')).toBe(
      `/portfolio/${portfolio.id}`,
    );
    const text = await card.textContent();
    const { firstName, lastName } = demoUser(suite.server, 'ADVISOR');
    expect(text).toContain('Submitted, cancellable');
    expect(text).toContain(`Advisor${firstName} ${lastName}`);
    expect(text).toContain('Waiting');
    expect(
      await card.locator('button').evaluateAll((buttons) => buttons.map((b) => b.textContent)),
    ).toEqual(['Mark pending', 'Ask the advisor in the app', 'Ask the advisor outside the app']);
    await card.getByText('History (1 change)').click();
    expect(await card.getByRole('table').textContent()).toContain('Submitted, cancellable');
    await expectNoSeriousA11yViolations(page, 'operations queue');
    await screenshots(page, 'queue');

    await card.getByRole('button', { name: 'Mark pending' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark pending?' });
    await dialog.waitFor();
    const said = await dialog.textContent();
    expect(said).toContain(`Deposit request of ${AMOUNT} for ${portfolio.client_name}`);
    await expectNoSeriousA11yViolations(page, 'operations queue, confirmation open');
    await saveDialogScreenshot(dialog, 'operations-mark-pending');
    await expectDialogKeyboard(dialog, card.getByRole('button', { name: 'Mark pending' }));
    expect(await stateOf(deposit.id)).toBe('SUBMITTED-CANCELLABLE');
  });

  it('moves the request to PENDING with the keyboard alone, and the advisor sees it pending', async () => {
    await page.reload();
    const card = requestCard(page, `Deposit request of ${AMOUNT}`);
    const button = card.getByRole('button', { name: 'Mark pending' });
    await button.waitFor();
    await tabTo(button);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Mark pending?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Mark pending' });
    await tabTo(confirm);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await card.locator('[data-state="PENDING"]').waitFor();
    expect(await stateOf(deposit.id)).toBe('PENDING');

    const rows = await advisorRows('Deposit request');
    await rows.locator('[data-state="PENDING"]').waitFor();
  });

  it('completes it once: a second operator acting on it is told it moved on and sees its new state', async () => {
    const second = await suite.server.createUser('OPERATIONS');
    ({ context: otherContext, page: otherPage } = await openPage(suite.browser, suite.server));
    await signInWithPassword(otherPage, second);
    await otherPage.goto('/operations');
    await page.reload();

    // Both have the pending request in front of them; the second opens its confirmation first.
    const theirs = requestCard(otherPage, `Deposit request of ${AMOUNT}`);
    await theirs.getByRole('button', { name: 'Complete' }).click();
    const theirDialog = otherPage.getByRole('dialog', { name: 'Complete this request?' });
    await theirDialog.waitFor();
    expect(await theirDialog.textContent()).toContain(
      `Deposit request of ${AMOUNT} for ${portfolio.client_name}`,
    );

    const mine = requestCard(page, `Deposit request of ${AMOUNT}`);
    await mine.getByRole('button', { name: 'Complete' }).click();
    const myDialog = page.getByRole('dialog', { name: 'Complete this request?' });
    expect(await myDialog.textContent()).toContain('queues its execution');
    await myDialog.getByRole('button', { name: 'Complete' }).click();
    await myDialog.waitFor({ state: 'detached' });
    await mine.waitFor({ state: 'detached' });
    expect(await stateOf(deposit.id)).toBe('COMPLETED');

    await theirDialog.getByRole('button', { name: 'Complete' }).click();
    const movedOn = theirDialog.getByRole('alert');
    await movedOn.waitFor();
    const words = await movedOn.textContent();
    expect(words).toContain('This request moved on before your change was made.');
    expect(words).toContain('it is now Completed');
    expect(words).not.toContain('409');
    await saveDialogScreenshot(theirDialog, 'operations-moved-on');
    await theirDialog.getByRole('button', { name: 'Close' }).click();
    await theirs.waitFor({ state: 'detached' });

    // Nothing was applied twice: one execution, with the request's cash.
    const queue = await operations.get<PagedList<QueuedAction>>('/actions?limit=500');
    const executions = queue.results.filter((item) => item.action.parent_action_id === deposit.id);
    expect(executions.map((item) => [item.action.action_type, item.action.state])).toEqual([
      ['EXECUTE-DEPOSIT', 'PENDING'],
    ]);
    const rows = await advisorRows('Deposit execution');
    await rows.locator('[data-state="PENDING"]').waitFor();
  });

  it('completes the execution, and the history names who moved the request when', async () => {
    await page.reload();
    const card = requestCard(page, `Deposit execution of ${AMOUNT}`);
    await card.getByText('History (1 change)').click();
    const history = await card.getByRole('table').textContent();
    expect(history).toContain('Created');
    expect(history).toContain('Pending');
    await screenshots(page, 'execution');
    await card.getByRole('button', { name: 'Complete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete this request?' });
    expect(await dialog.textContent()).toContain(`records the deposit of ${AMOUNT}`);
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.waitFor({ state: 'detached' });
    const [execution] = (
      await operations.get<PagedList<QueuedAction>>('/actions?state=COMPLETED&limit=500')
    ).results.filter((item) => item.action.parent_action_id === deposit.id);
    expect(execution?.transitions.map((row) => [row.from_state, row.to_state])).toEqual([
      [null, 'PENDING'],
      ['PENDING', 'COMPLETED'],
    ]);
    await waitForFocus(page.getByRole('heading', { name: 'Operations queue' }));

    // Completed requests are not among the states shown to advisors (product §4).
    const rows = await advisorRows('Deposit execution');
    expect(await rows.count()).toBe(0);
  });

  it('is not in the menu of an advisor', async () => {
    const { context: advisorContext, page: advisorPage } = await openPage(
      suite.browser,
      suite.server,
    );
    closers.push(() => advisorContext.close());
    await signInWithPassword(advisorPage, demoUser(suite.server, 'ADVISOR'));
    const nav = advisorPage.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Monitor' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Operations' }).count()).toBe(0);
  });
});
