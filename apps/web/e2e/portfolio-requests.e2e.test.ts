import {
  ACCOUNT_NUMBER_EMPTY,
  type Action,
  AMOUNT_NOT_IN_CENTS,
  AMOUNT_NOT_POSITIVE,
  AT_LEAST_ONE_CUSTODIAN,
  AT_LEAST_ONE_OWNER,
  FIDELITY_ACCOUNT_NUMBER_FORMAT,
  FIELD_REQUIRED,
  INVALID_DATE,
  INVALID_EMAIL,
  INVALID_VALUE,
  type PortfolioDetail,
  type PortfolioListResponse,
  SCHWAB_ACCOUNT_NUMBER_FORMAT,
  SELECT_ROLE,
  ZIP_CODE_TOO_LONG,
} from '@ballast/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { type ApiSession, demoUser, signInToApi } from './support/api.ts';
import {
  expectDialogKeyboard,
  openPage,
  saveDialogScreenshot,
  saveScreenshot,
  signInWithPassword,
} from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

/** The message a control's aria-describedby points at: what a screen reader reads with it. */
async function errorOf(control: Locator): Promise<string> {
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(' ');
  const texts = await Promise.all(
    ids
      .filter((id) => id.endsWith('-error'))
      .map((id) => control.page().locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' ');
}

describe('the request forms of a portfolio', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });
  let advisor: ApiSession;
  let detail: PortfolioDetail;
  let context: BrowserContext;
  let page: Page;

  function toast(role: 'status' | 'alert', text: string) {
    return page.locator('[data-theme]').filter({ hasText: text }).and(page.getByRole(role));
  }

  async function openForm(button: string, title: string): Promise<Locator> {
    await page
      .getByRole('group', { name: 'New request' })
      .getByRole('button', { name: button })
      .click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    return dialog;
  }

  async function latest(type: Action['action_type']): Promise<Action | undefined> {
    const actions = await advisor.get<Action[]>(`/portfolios/${detail.id}/actions`);
    return actions.filter((action) => action.action_type === type).at(-1);
  }

  function requestRow(label: string) {
    return page
      .getByRole('list', { name: 'Requests' })
      .getByRole('listitem', { name: new RegExp(`^${label} of `) });
  }

  beforeAll(async () => {
    const user = demoUser(suite.server, 'ADVISOR');
    advisor = await signInToApi(suite.server, user);
    const list = await advisor.get<PortfolioListResponse>('/portfolios?status=IN-GOOD-ORDER');
    detail = await advisor.get<PortfolioDetail>(`/portfolios/${list.portfolios[0]?.id}`);
    ({ context, page } = await openPage(suite.browser, suite.server));
    await signInWithPassword(page, user);
    await page.goto(`/portfolio/${detail.id}`);
    await page
      .getByRole('list', { name: 'Requests' })
      .or(page.getByText('No requests yet.'))
      .waitFor();
  });

  // A test that fails with its dialog open would leave the next one unable to click the page.
  afterEach(async () => {
    const dialog = page.getByRole('dialog');
    if ((await dialog.count()) > 0) {
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  });

  afterAll(async () => {
    await context?.close();
  });

  it('opens a request from the keyboard and gives focus back when it closes', async () => {
    const deposit = page.getByRole('group', { name: 'New request' }).getByRole('button', {
      name: 'Deposit',
    });
    await deposit.focus();
    await page.keyboard.press('Enter');
    await expectDialogKeyboard(page.getByRole('dialog', { name: 'Request a deposit' }), deposit);
  });

  it('requests a deposit: product §5 amount messages, then success, then the server’s refusal', async () => {
    const dialog = await openForm('Deposit', 'Request a deposit');
    const amount = dialog.getByLabel('Amount (USD)');
    const submit = dialog.getByRole('button', { name: 'Request deposit' });
    await submit.click();
    expect(await errorOf(amount)).toBe(FIELD_REQUIRED);
    for (const [typed, message] of [
      ['0', AMOUNT_NOT_POSITIVE],
      ['10.005', AMOUNT_NOT_IN_CENTS],
      ['ten dollars', INVALID_VALUE],
    ] as const) {
      await amount.fill(typed);
      await submit.click();
      await dialog.getByText(message).waitFor();
      expect(await errorOf(amount)).toBe(message);
    }
    await saveScreenshot(page, 'request-deposit-errors');
    await expectNoSeriousA11yViolations(page, 'deposit request with errors');
    await saveDialogScreenshot(dialog, 'request-deposit-errors');

    await amount.fill('25,000.50');
    await submit.click();
    const done = toast('status', 'Deposit requested');
    await done.waitFor();
    expect(await done.textContent()).toContain('SUBMITTED-CANCELLABLE');
    await dialog.waitFor({ state: 'detached' });
    const row = requestRow('Deposit request');
    await row.getByText('$25,000.50').waitFor();
    await row.getByText('Submitted, cancellable').waitFor();
    expect(await latest('REQUEST-DEPOSIT')).toMatchObject({
      state: 'SUBMITTED-CANCELLABLE',
      action_payload: { cash: 25_000.5 },
    });

    const again = await openForm('Deposit', 'Request a deposit');
    await again.getByLabel('Amount (USD)').fill('100');
    await again.getByRole('button', { name: 'Request deposit' }).click();
    const refused = toast('alert', 'The deposit was not requested.');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('An open REQUEST-DEPOSIT action already exists.');
    expect(await again.isVisible()).toBe(true);
    await again.getByRole('button', { name: 'Cancel' }).click();
  });

  it('requests a withdrawal, and is refused a second one while the first is open', async () => {
    const dialog = await openForm('Withdrawal', 'Request a withdrawal');
    await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
    expect(await errorOf(dialog.getByLabel('Amount (USD)'))).toBe(FIELD_REQUIRED);
    await dialog.getByLabel('Amount (USD)').fill('$7,500');
    await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
    const done = toast('status', 'Withdrawal requested');
    await done.waitFor();
    expect(await done.textContent()).toContain('SUBMITTED-CANCELLABLE');
    await requestRow('Withdrawal request').getByText('$7,500.00').waitFor();

    const again = await openForm('Withdrawal', 'Request a withdrawal');
    await again.getByLabel('Amount (USD)').fill('1');
    await again.getByRole('button', { name: 'Request withdrawal' }).click();
    await toast('alert', 'The withdrawal was not requested.')
      .filter({ hasText: 'An open REQUEST-WITHDRAWAL action already exists.' })
      .waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
  });

  it('sets do-not-trade: the choice is required, the restriction optional', async () => {
    const dialog = await openForm('Do not trade', 'Change the do-not-trade setting');
    await dialog.getByRole('button', { name: 'Request change' }).click();
    const choice = dialog.getByRole('group', { name: 'Do not trade' });
    expect(await errorOf(choice)).toBe(FIELD_REQUIRED);
    expect(await dialog.getByLabel('Restriction').count()).toBe(0);
    await dialog.getByLabel('Turn do-not-trade on').check();
    await dialog.getByLabel('Restriction').selectOption('DNB');
    await saveScreenshot(page, 'request-do-not-trade');
    await saveDialogScreenshot(dialog, 'request-do-not-trade');
    await dialog.getByRole('button', { name: 'Request change' }).click();
    const done = toast('status', 'Do-not-trade change requested');
    await done.waitFor();
    expect(await done.textContent()).toContain('SUBMITTED-CANCELLABLE');
    await requestRow('Do-not-trade setting').getByText('Turn do-not-trade on (DNB)').waitFor();
    expect((await latest('SET-USER-DNT'))?.action_payload).toEqual({
      set_user_dnt: true,
      user_dnt: 'DNB',
    });

    const again = await openForm('Do not trade', 'Change the do-not-trade setting');
    await again.getByLabel('Turn do-not-trade off').check();
    await again.getByRole('button', { name: 'Request change' }).click();
    await toast('alert', 'The do-not-trade change was not requested.')
      .filter({ hasText: 'An open SET-USER-DNT action already exists.' })
      .waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
  });

  it('changes custodian accounts with each custodian’s number format', async () => {
    const dialog = await openForm('Custodian', 'Change custodian accounts');
    const first = dialog.getByRole('group', { name: 'Account 1' });
    const current = detail.current_custodians[0];
    expect(await first.getByLabel('Custodian').inputValue()).toBe(current?.custodian_name);
    const number = first.getByLabel('Account number');
    expect(await number.inputValue()).toBe(current?.custodian_account);
    const submit = dialog.getByRole('button', { name: 'Request change' });

    await number.fill('');
    await submit.click();
    await dialog.getByText(ACCOUNT_NUMBER_EMPTY).waitFor();
    expect(await errorOf(number)).toBe(ACCOUNT_NUMBER_EMPTY);
    await first.getByLabel('Custodian').selectOption('Fidelity');
    await number.fill('ABCD-1234');
    await submit.click();
    await dialog.getByText(FIDELITY_ACCOUNT_NUMBER_FORMAT).waitFor();
    await first.getByLabel('Custodian').selectOption('Schwab');
    await number.fill('ABC-123456');
    await submit.click();
    await dialog.getByText(SCHWAB_ACCOUNT_NUMBER_FORMAT).waitFor();
    expect(await errorOf(number)).toBe(SCHWAB_ACCOUNT_NUMBER_FORMAT);

    await dialog.getByRole('button', { name: 'Remove account 1' }).click();
    await submit.click();
    await dialog.getByText(AT_LEAST_ONE_CUSTODIAN).waitFor();
    await dialog.getByRole('button', { name: 'Add an account' }).click();
    await dialog.getByRole('button', { name: 'Add an account' }).click();
    const added = dialog.getByRole('group', { name: 'Account 1' });
    await added.getByLabel('Custodian').selectOption('Schwab');
    await added.getByLabel('Account number').fill('AB12-CD34');
    const second = dialog.getByRole('group', { name: 'Account 2' });
    await second.getByLabel('Custodian').selectOption('Fidelity');
    await second.getByLabel('Account number').fill('XY9-Z8W7V6');
    await saveScreenshot(page, 'request-custodian');
    await saveDialogScreenshot(dialog, 'request-custodian');
    await submit.click();
    const done = toast('status', 'Custodian change requested');
    await done.waitFor();
    expect(await done.textContent()).toContain('SUBMITTED-CANCELLABLE');
    await requestRow('Custodian change')
      .getByText('Schwab AB12-CD34, Fidelity XY9-Z8W7V6')
      .waitFor();

    const again = await openForm('Custodian', 'Change custodian accounts');
    await again.getByRole('button', { name: 'Request change' }).click();
    await toast('alert', 'The custodian change was not requested.')
      .filter({ hasText: 'An open UPDATE-CUSTODIAN action already exists.' })
      .waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
  });

  it('changes client details by the owner-form rules, and shows the server’s field errors', async () => {
    const dialog = await openForm('Client details', 'Change client details');
    const owner = dialog.getByRole('group', { name: 'Owner 1' });
    const firstName = owner.getByLabel('First name');
    const primary = detail.current_client_data?.owners[0];
    expect(await firstName.inputValue()).toBe(primary?.first_name);
    const submit = dialog.getByRole('button', { name: 'Request change' });

    await firstName.fill('');
    await owner.getByLabel('Role').selectOption('');
    await owner.getByLabel('Date of birth').fill('1899-12-31');
    await owner.getByLabel('E-mail').fill('not-an-email');
    const zip = owner
      .getByRole('group', { name: 'Personal address', exact: true })
      .getByLabel('Zip code');
    await zip.fill('12345-67890');
    await owner.getByLabel('Employer name').fill('Acme Holdings');
    await submit.click();
    await dialog.getByText(SELECT_ROLE).waitFor();
    expect(await errorOf(firstName)).toBe(FIELD_REQUIRED);
    expect(await errorOf(owner.getByLabel('Role'))).toBe(SELECT_ROLE);
    expect(await errorOf(owner.getByLabel('Date of birth'))).toBe(INVALID_DATE);
    expect(await errorOf(owner.getByLabel('E-mail'))).toBe(INVALID_EMAIL);
    expect(await errorOf(zip)).toBe(ZIP_CODE_TOO_LONG);
    // Employment is optional, but once begun every field of it is required.
    expect(await errorOf(owner.getByLabel('Employer address'))).toBe(FIELD_REQUIRED);
    expect(await errorOf(owner.getByLabel('Position'))).toBe(FIELD_REQUIRED);
    expect(await errorOf(owner.getByLabel('Years employed'))).toBe(FIELD_REQUIRED);
    await saveScreenshot(page, 'request-client-detail-errors');
    await expectNoSeriousA11yViolations(page, 'client details request with errors');
    await saveDialogScreenshot(dialog, 'request-client-detail-errors');
    await owner.getByLabel('Employer address').fill('9 Harbor Road');
    await owner.getByLabel('Position').fill('Treasurer');
    await owner.getByLabel('Years employed').fill('2.5');
    await submit.click();
    await owner.getByText(INVALID_VALUE).waitFor();
    expect(await errorOf(owner.getByLabel('Years employed'))).toBe(INVALID_VALUE);

    await owner.getByRole('button', { name: 'Remove owner 1' }).click();
    const others = detail.current_client_data?.owners.length ?? 1;
    for (let index = others - 1; index >= 1; index -= 1) {
      await dialog.getByRole('button', { name: `Remove owner ${index}` }).click();
    }
    await submit.click();
    await dialog.getByText(AT_LEAST_ONE_OWNER).waitFor();

    await dialog.getByRole('button', { name: 'Add an owner' }).click();
    const added = dialog.getByRole('group', { name: 'Owner 1' });
    await added.getByLabel('Role').selectOption('PRIMARY_OWNER');
    // PostgreSQL text cannot hold U+0000, so only the server refuses it, at the field's attr.
    await added.getByLabel('First name').fill('Grace\u0000');
    await added.getByLabel('Last name').fill('Hopper');
    await added.getByLabel('Date of birth').fill('1946-12-09');
    await added.getByLabel('Marital status').fill('SINGLE');
    await added.getByLabel('Citizenship country').fill('US');
    await added.getByLabel('Tax id', { exact: true }).fill('123-45-6789');
    await added.getByLabel('E-mail').fill('grace@example.com');
    await added.getByLabel('Home phone').fill('5551234567');
    const personal = added.getByRole('group', { name: 'Personal address' });
    await personal.getByLabel('Street address').fill('1 Navy Way');
    await personal.getByLabel('City').fill('Arlington');
    await personal.getByLabel('State').selectOption('VA');
    await personal.getByLabel('Zip code').fill('22202');
    await added.getByRole('button', { name: 'Same as personal address' }).click();
    expect(
      await added.getByRole('group', { name: 'Mailing address' }).getByLabel('City').inputValue(),
    ).toBe('Arlington');
    await submit.click();
    await toast('alert', 'The client detail change was not requested.')
      .filter({ hasText: 'Null characters are not allowed.' })
      .waitFor();
    expect(await errorOf(added.getByLabel('First name'))).toBe('Null characters are not allowed.');
    await saveScreenshot(page, 'request-client-detail-server-error');
    await saveDialogScreenshot(dialog, 'request-client-detail-server-error');

    await added.getByLabel('First name').fill('Grace');
    await submit.click();
    const done = toast('status', 'Client detail change requested');
    await done.waitFor();
    expect(await done.textContent()).toContain('SUBMITTED-CANCELLABLE');
    await requestRow('Client detail change')
      .getByText(/Grace Hopper/)
      .waitFor();
    const sent = await latest('UPDATE-CLIENT-DETAIL');
    expect(sent?.action_payload).toMatchObject({
      account_type: detail.current_client_data?.account_type,
      owners: [
        {
          role: 'PRIMARY_OWNER',
          first_name: 'Grace',
          employment: null,
          mailing_address: { address: '1 Navy Way', city: 'Arlington', state: 'VA' },
        },
      ],
    });
  });

  it('asks to close the account after a confirmation; it cannot be cancelled', async () => {
    const dialog = await openForm('Close account', 'Close the account');
    await dialog.getByText(detail.client_name).waitFor();
    await saveScreenshot(page, 'request-close');
    await saveDialogScreenshot(dialog, 'request-close');
    await dialog.getByRole('button', { name: 'Request closing' }).click();
    const done = toast('status', 'Account closing requested');
    await done.waitFor();
    expect(await done.textContent()).toContain('SUBMITTED');
    const row = requestRow('Close account');
    await row.getByText('Submitted', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Cancel' }).count()).toBe(0);

    const again = await openForm('Close account', 'Close the account');
    await again.getByRole('button', { name: 'Request closing' }).click();
    await toast('alert', 'The account closing was not requested.')
      .filter({ hasText: 'An open CLOSE-ACCOUNT action already exists.' })
      .waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await saveScreenshot(page, 'portfolio-detail-requests');
    await expectNoSeriousA11yViolations(page, 'portfolio detail with requests');
  });

  it('offers operations staff the requests made but no way to make one (the api refuses them)', async () => {
    const operations = await openPage(suite.browser, suite.server);
    await signInWithPassword(operations.page, demoUser(suite.server, 'OPERATIONS'));
    await operations.page.goto(`/portfolio/${detail.id}`);
    await operations.page.getByText('Operations staff do not make client requests').waitFor();
    expect(await operations.page.getByRole('group', { name: 'New request' }).count()).toBe(0);
    await saveScreenshot(operations.page, 'portfolio-detail-operations');
    await operations.page
      .getByRole('list', { name: 'Requests' })
      .or(operations.page.getByText('No requests yet.'))
      .waitFor();
    await operations.context.close();
  });
});
