// Long on purpose: an application is one story told step by step against one server and one
// browser, and its screens, errors, uploads and resumption share the advisor and the drafts.
import {
  ACCOUNT_NUMBER_EMPTY,
  FIDELITY_ACCOUNT_NUMBER_FORMAT,
  FIELD_REQUIRED,
  INVALID_DATE,
  INVALID_EMAIL,
  type PortfolioDetail,
  SELECT_ROLE,
} from '@ballast/contract';
import { makeBondStrategyInput } from '@ballast/contract/testing';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { type ApiSession, signInToApi } from './support/api.ts';
import { tabTo } from './support/keyboard.ts';
import { expectTitle, openPage, saveScreenshot, signInWithPassword } from './support/pages.ts';
import type { TestUser } from './support/server.ts';
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

/** A one-page PDF small enough to write here: the server judges the file by these bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const OWNER = {
  role: 'PRIMARY_OWNER',
  first_name: 'Ada',
  last_name: 'Lovelace',
  personal_address: { address: '1 Analytical Way', city: 'Austin', state: 'TX', zip_code: '73301' },
  mailing_address: { address: '1 Analytical Way', city: 'Austin', state: 'TX', zip_code: '73301' },
  taxid_type: 'SSN',
  taxid: '123-45-6789',
  DOB: '1970-05-17',
  marital_status: 'Single',
  citizenship_country: 'US',
  email: 'ada@example.com',
  home_phone: '5125550100',
};

describe('opening an account', () => {
  const suite = serverAndBrowser({ seed: 'minimal', env: { ENGINE_THREADS: '1' } });
  let user: TestUser;
  let colleague: TestUser;
  let api: ApiSession;
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    user = await suite.server.createUser('ADVISOR');
    colleague = await suite.server.createUser('ADVISOR');
    api = await signInToApi(suite.server, user);
    ({ context, page } = await openPage(suite.browser, suite.server, '/auth/login'));
    await signInWithPassword(page, user);
  });

  afterEach(async () => {
    await context.close();
  });

  /** Checks the step with axe-core and saves it at 1280 and 768 pixels wide. */
  async function look(name: string): Promise<void> {
    await expectNoSeriousA11yViolations(page, `onboarding ${name}`);
    await saveScreenshot(page, `onboarding-${name}-1280`);
    await page.setViewportSize({ width: 768, height: 900 });
    await saveScreenshot(page, `onboarding-${name}-768`);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  function step(name: string): Locator {
    return page.getByRole('heading', { level: 2, name, exact: true });
  }

  function savedInputs() {
    return page.waitForResponse(
      (response) =>
        response.url().includes('/inputs') &&
        response.request().method() === 'PATCH' &&
        response.ok(),
    );
  }

  /** The next PATCH /inputs the server takes whose body holds `text`. */
  function savedInputsWith(text: string) {
    return page.waitForResponse(
      (response) =>
        response.url().includes('/inputs') &&
        response.request().method() === 'PATCH' &&
        (response.request().postData() ?? '').includes(text) &&
        response.ok(),
    );
  }

  async function portfolioIdOf(): Promise<string> {
    const match = /\/onboarding\/([^/]+)\//.exec(new URL(page.url()).pathname);
    if (!match?.[1]) throw new Error(`no application in ${page.url()}`);
    return match[1];
  }

  /** Presses Tab to `target`, checking the focus shows on the way, and types `text` there. */
  async function typeByKeyboard(target: Locator, text: string): Promise<void> {
    await tabTo(target);
    await page.keyboard.type(text);
  }

  it('goes from nothing to a PENDING account, by keyboard through the type and owner steps', async () => {
    await page.getByRole('link', { name: 'Open an account' }).click();
    await step('Account type').waitFor();
    await expectTitle(page, 'Open an account | Ballast');
    await look('account-type');

    // Keyboard only: the first radio takes the focus, an arrow moves the choice, Enter goes on.
    await tabTo(page.getByRole('radio', { name: 'Individual (I)' }));
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'Joint (J)' }).isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    await step('Owners').waitFor();
    const id = await portfolioIdOf();
    expect(new URL(page.url()).pathname).toBe(`/onboarding/${id}/owners`);

    // Submitting with nothing filled (Enter in a field) shows product §5's messages at their
    // fields.
    const role = page.getByLabel('Role');
    await tabTo(page.getByLabel('First name'));
    await page.keyboard.press('Enter');
    await expect.poll(() => errorOf(role)).toBe(SELECT_ROLE);
    expect(await errorOf(page.getByLabel('First name'))).toBe(FIELD_REQUIRED);
    expect(await errorOf(page.getByLabel('Date of birth'))).toBe(INVALID_DATE);
    expect(await errorOf(page.getByLabel('E-mail'))).toBe(INVALID_EMAIL);
    await look('owners-errors');

    // The form takes the focus to the first field in error, the role.
    await expect.poll(() => role.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await role.inputValue()).toBe('PRIMARY_OWNER');
    await typeByKeyboard(page.getByLabel('First name'), 'Ada');
    await typeByKeyboard(page.getByLabel('Last name'), 'Lovelace');
    await typeByKeyboard(page.getByLabel('Date of birth'), '05171970');
    // Past the year, Tab reaches Chromium's own calendar button inside the date input, which
    // draws no ring of the app's; one more Tab leaves it.
    await page.keyboard.press('Tab');
    await typeByKeyboard(page.getByLabel('Marital status'), 'Single');
    await typeByKeyboard(page.getByLabel('Citizenship country'), 'US');
    await typeByKeyboard(page.getByLabel('Tax id', { exact: true }), '123-45-6789');
    await typeByKeyboard(page.getByLabel('E-mail'), 'ada@example.com');
    await typeByKeyboard(page.getByLabel('Home phone'), '5125550100');
    const personal = page.getByRole('group', { name: 'Personal address' });
    await typeByKeyboard(personal.getByLabel('Street address'), '1 Analytical Way');
    await typeByKeyboard(personal.getByLabel('City'), 'Austin');
    await tabTo(personal.getByLabel('State'));
    await page.keyboard.type('TX');
    expect(await personal.getByLabel('State').inputValue()).toBe('TX');
    await typeByKeyboard(personal.getByLabel('Zip code'), '73301');
    await tabTo(page.getByRole('button', { name: 'Same as personal address' }));
    await page.keyboard.press('Enter');
    await typeByKeyboard(page.getByLabel('Politically exposed persons'), 'Charles Babbage');
    const saved = savedInputs();
    await tabTo(page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await step('Suitability').waitFor();
    await saved;
    const afterOwners = await api.get<{ client_data?: { account_type: string } }>(
      `/portfolios/${id}/inputs`,
    );
    expect(afterOwners.client_data?.account_type).toBe('J');

    await page.getByLabel('Investment amount (US dollars)').fill('500000');
    await page.getByLabel("Share of the client's net worth (%)").fill('20');
    await page.getByLabel('Investment sophistication').selectOption('HIGH');
    await page.getByLabel('Objective').selectOption('INCOME');
    await page.getByLabel('Risk tolerance').selectOption('MODERATE');
    await page.getByLabel('Time horizon').selectOption('LONG_TERM');
    await page.getByLabel('Expected tax bracket').selectOption('NO_CHANGE');
    await page.getByRole('radio', { name: 'No' }).check();
    await look('suitability');
    await page.getByRole('button', { name: 'Continue' }).click();

    await step('Custodian').waitFor();
    await page.getByRole('radio', { name: /Fidelity/ }).check();
    const accountNumber = page.getByRole('textbox', { name: 'Account number' });
    await accountNumber.fill('123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => errorOf(accountNumber)).toBe(FIDELITY_ACCOUNT_NUMBER_FORMAT);
    await look('custodian');
    await accountNumber.fill('ABC-123456');
    await page.getByRole('button', { name: 'Continue' }).click();

    await step('KYC documents').waitFor();
    const file = page.getByLabel('File (PDF, PNG or JPEG)');
    await file.setInputFiles({
      name: 'notes.txt',
      mimeType: 'application/pdf',
      buffer: Buffer.from('not a document'),
    });
    await page.getByLabel('Description', { exact: true }).fill('Passport');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'not uploaded' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(
      'The document was not uploaded: The file must be a PDF, PNG or JPEG.',
    );
    await look('documents-refused');
    await file.setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const uploaded = page.getByRole('list', { name: 'Uploaded documents' }).getByRole('listitem');
    await uploaded.first().waitFor();
    expect(await uploaded.first().textContent()).toContain('Document 1, of Ada Lovelace');
    expect(await page.getByLabel('Description of document 1').inputValue()).toBe('Passport');
    const replaced = page.waitForResponse((response) => response.url().endsWith('/kyc-documents'));
    await page.getByLabel('Replace the file of document 1').setInputFiles({
      name: 'passport.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    expect((await replaced).status()).toBe(201);
    await file.setInputFiles({ name: 'extra.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(() => uploaded.count()).toBe(2);
    await page.getByRole('button', { name: 'Remove document 2' }).click();
    await expect.poll(() => uploaded.count()).toBe(1);
    await look('documents');
    await page.getByRole('button', { name: 'Continue' }).click();

    await step('Strategy').waitFor();
    await page.getByRole('region', { name: 'Strategy options' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Simulated.' }).waitFor({ timeout: 60_000 });
    await look('strategy');
    await page.getByRole('button', { name: 'Continue' }).click();

    await step('Advisors').waitFor();
    const colleagueBox = page.getByRole('checkbox', {
      name: `${colleague.firstName} ${colleague.lastName} ADVISOR`,
      exact: true,
    });
    const advisorsSaved = savedInputs();
    await colleagueBox.check();
    await advisorsSaved;
    await look('advisors');
    await page.getByRole('button', { name: 'Continue' }).click();

    await step('Review').waitFor();
    const accountRow = page.locator('[data-attr="custodians.0.account_number"]');
    expect(await accountRow.textContent()).toContain('ABC-123456');
    expect(await page.locator('[data-attr="client_data.account_type"]').textContent()).toContain(
      'Joint',
    );
    expect(await page.locator('[data-attr="client_data.owners.0.taxid"]').textContent()).toContain(
      '•••6789',
    );
    await look('review');
    await page.getByRole('button', { name: 'Open the account' }).click();

    await page.waitForURL((url) => url.pathname === `/portfolio/${id}`);
    await page.locator('[data-status="PENDING"]').first().waitFor();
    await page
      .getByText(/^Open account of /)
      .first()
      .waitFor();
    const detail = await api.get<PortfolioDetail>(`/portfolios/${id}`);
    expect(detail.status).toBe('PENDING');
    const actions = await api.get<{ action_type: string; state: string }[]>(
      `/portfolios/${id}/actions`,
    );
    expect(actions.map((action) => [action.action_type, action.state])).toEqual([
      ['OPEN-ACCOUNT', 'SUBMITTED'],
    ]);
    const inputs = await api.get<{ advisor_input_data: string[]; kyc_input_data: unknown[] }>(
      `/portfolios/${id}/inputs`,
    );
    expect(new Set(inputs.advisor_input_data)).toEqual(
      new Set([user.advisorId, colleague.advisorId]),
    );
    expect(inputs.kyc_input_data).toHaveLength(1);
    await saveScreenshot(page, 'onboarding-opened');
    // Eight steps, each looked at twice, and a bond strategy simulated on one engine thread.
  }, 300_000);

  it('places each error of opening the account at its field, on the review and on its step', async () => {
    const created = await api.send('POST', '/portfolios', {});
    const { portfolio_id: id } = (await created.json()) as { portfolio_id: string };
    const patched = await api.send('PATCH', `/portfolios/${id}/inputs`, {
      client_data: { account_type: 'I', owners: [OWNER] },
      custodians: [{ custodian_name: 'Fidelity', account_number: '' }],
    });
    expect(patched.status).toBe(200);

    await page.goto(`/onboarding/${id}/review`);
    await step('Review').waitFor();
    await page.getByRole('button', { name: 'Open the account' }).click();
    await page.getByRole('alert').filter({ hasText: 'The account was not opened' }).waitFor();
    const accountRow = page.locator('[data-attr="custodians.0.account_number"]');
    expect(await accountRow.textContent()).toContain(ACCOUNT_NUMBER_EMPTY);
    const strategy = page.getByRole('region', { name: 'Strategy' });
    expect(await strategy.textContent()).toContain(FIELD_REQUIRED);
    const suitability = page.getByRole('region', { name: 'Suitability' });
    expect(await suitability.textContent()).toContain(FIELD_REQUIRED);
    await look('review-errors');

    await page.getByRole('link', { name: /^Edit custodian/ }).click();
    await step('Custodian').waitFor();
    const accountNumber = page.getByRole('textbox', { name: 'Account number' });
    await expect.poll(() => errorOf(accountNumber)).toBe(ACCOUNT_NUMBER_EMPTY);
    await look('custodian-error');
    await accountNumber.fill('ABC-654321');
    expect(await page.getByRole('button', { name: 'Back to review' }).isVisible()).toBe(true);
    // Enter submits the step; a click would land where the button was before the message
    // above it left on blur.
    await accountNumber.press('Enter');
    await step('Review').waitFor();
    expect(await accountRow.textContent()).toContain('ABC-654321');
    expect(await accountRow.textContent()).not.toContain(ACCOUNT_NUMBER_EMPTY);
    expect((await api.get<PortfolioDetail>(`/portfolios/${id}`)).status).toBe('INCOMPLETE');
  });

  it('returns after a reload to the same step with what was typed, and resumes from the home list', async () => {
    await page.goto('/onboarding');
    await page.getByRole('radio', { name: 'Trust (T)' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await step('Owners').waitFor();
    const id = await portfolioIdOf();
    const localEntry = () =>
      page.evaluate((key) => localStorage.getItem(key) ?? '', `ballast.onboarding.${id}`);
    // A half-filled owner is saved as it is typed (decision 021), and leaves this browser then.
    const ownerSaved = savedInputsWith('987-65-4321');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Tax id', { exact: true }).fill('987-65-4321');
    await ownerSaved;
    await page.getByRole('status').filter({ hasText: 'All changes saved.' }).waitFor();
    await expect.poll(localEntry).not.toContain('987-65-4321');
    await page.evaluate((key) => localStorage.removeItem(key), `ballast.onboarding.${id}`);
    await page.reload();
    await step('Owners').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/onboarding/${id}/owners`);
    expect(await page.getByLabel('First name').inputValue()).toBe('Grace');
    expect(await page.getByLabel('Tax id', { exact: true }).inputValue()).toBe('987-65-4321');

    await page.goto(`/onboarding/${id}/suitability`);
    await step('Suitability').waitFor();
    const suitabilitySaved = savedInputsWith('750000');
    await page.getByLabel('Investment amount (US dollars)').fill('750000');
    await suitabilitySaved;
    await page.getByRole('status').filter({ hasText: 'All changes saved.' }).waitFor();
    await expect.poll(localEntry).not.toContain('750000');
    await page.reload();
    await step('Suitability').waitFor();
    expect(await page.getByLabel('Investment amount (US dollars)').inputValue()).toBe('750000');

    await page.goto('/');
    await page.getByRole('link', { name: 'Grace' }).first().click();
    await step('Suitability').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/onboarding/${id}/suitability`);

    // A value no draft takes waits in this browser, and the account is not opened without it.
    await page.getByLabel("Share of the client's net worth (%)").fill('lots');
    await page.getByRole('status').filter({ hasText: 'Kept in this browser' }).waitFor();
    await page.getByRole('link', { name: /Review$/ }).click();
    await page.getByRole('button', { name: 'Open the account' }).click();
    await page.getByRole('alert').filter({ hasText: 'not every change is saved yet' }).waitFor();
    expect((await api.get<PortfolioDetail>(`/portfolios/${id}`)).status).toBe('INCOMPLETE');
  });

  it('takes the strategy Build saved for a new account when opened from Build', async () => {
    const strategy = makeBondStrategyInput();
    await page.evaluate(
      (saved) => {
        localStorage.setItem('ballast.new-account-strategy', JSON.stringify(saved));
      },
      { strategy, address: '/portfolio/build?style=B', saved_at: new Date().toISOString() },
    );
    await page.goto('/onboarding?strategy=build');
    await page.getByRole('radio', { name: 'Individual (I)' }).check();
    const saved = savedInputs();
    await page.getByRole('button', { name: 'Continue' }).click();
    await step('Owners').waitFor();
    await saved;
    const id = await portfolioIdOf();
    const inputs = await api.get<{ strategy?: unknown }>(`/portfolios/${id}/inputs`);
    expect(inputs.strategy).toEqual(strategy);
  });

  it('shows how much of a document has gone up while it uploads', async () => {
    const created = await api.send('POST', '/portfolios', {});
    const { portfolio_id: id } = (await created.json()) as { portfolio_id: string };
    await page.goto(`/onboarding/${id}/documents`);
    await step('KYC documents').waitFor();
    // A slow uplink, so that the upload lasts long enough to be seen going up.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 64 * 1024,
    });
    // A PDF made larger by a comment: the server reads only its first bytes to judge it.
    const large = Buffer.concat([PDF, Buffer.from(`%${'x'.repeat(256 * 1024)}\n`)]);
    await page
      .getByLabel('File (PDF, PNG or JPEG)')
      .setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: large });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await progress.waitFor();
    await saveScreenshot(page, 'onboarding-documents-uploading');
    expect(Number(await progress.getAttribute('value'))).toBeLessThan(100);
    await page
      .getByRole('list', { name: 'Uploaded documents' })
      .getByRole('listitem')
      .first()
      .waitFor({ timeout: 60_000 });
    await progress.waitFor({ state: 'detached' });
  }, 120_000);

  it('deletes an incomplete application from the home list', async () => {
    const created = await api.send('POST', '/portfolios', {});
    const { portfolio_id: id } = (await created.json()) as { portfolio_id: string };
    await api.send('PATCH', `/portfolios/${id}/inputs`, {
      client_data: {
        account_type: 'I',
        owners: [{ ...OWNER, first_name: 'Delete', last_name: 'Me' }],
      },
    });
    await page.goto('/');
    const link = page.getByRole('link', { name: 'Delete Me' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/onboarding/${id}`);
    await page.getByRole('button', { name: 'Delete portfolio of Delete Me' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete portfolio' });
    await dialog.getByRole('button', { name: 'Delete portfolio' }).click();
    await link.waitFor({ state: 'detached' });
    expect((await api.send('GET', `/portfolios/${id}`)).status).toBe(404);
    await page.goto(`/onboarding/${id}/owners`);
    await page.getByRole('alert').filter({ hasText: 'does not exist' }).waitFor();
  });
});
