import {
  ADVISOR_UPDATE_FAILED,
  ADVISOR_UPDATED,
  CUSTODIANS_LOAD_FAILED,
  FIRST_NAME_REQUIRED,
  INVALID_PHONE_NUMBER,
  LAST_NAME_REQUIRED,
  NO_CUSTODIANS,
} from '@ballast/contract';
import { schema } from '@ballast/db';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import {
  accountMenuButton,
  expectDialogKeyboard,
  openPage,
  saveScreenshot,
  signInWithPassword,
  waitForFocus,
} from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

/** The toast card carrying `text`, in the layout's toast area. */
function toast(page: Page, text: string) {
  return page
    .getByRole('region', { name: 'Notifications' })
    .locator('[data-theme]', { hasText: text });
}

describe('the header, the support modal and the settings modal', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });

  it('shows the firm logo to a signed-in advisor of the demo firm', async () => {
    const advisor = suite.server.demoUsers.get('ADVISOR');
    if (!advisor) throw new Error('no demo advisor');
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await signInWithPassword(page, advisor);
    const logo = page.getByRole('img', { name: 'Firm logo' });
    await logo.waitFor();
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth > 0)).toBe(true);
    await saveScreenshot(page, 'header-logged-in');
    await context.close();
  });

  it('shows no logo for a firm without one, and never asks for the user under /auth', async () => {
    const [firm] = await suite.server.database.db
      .insert(schema.firms)
      .values({ name: 'Firm without a logo' })
      .returning({ id: schema.firms.id });
    const user = await suite.server.createUser('ADVISOR', { firmId: firm?.id ?? '' });
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    const userCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(advisors\/self|firms\/)/.test(request.url())) userCalls.push(request.url());
    });
    await page.getByLabel('E-mail', { exact: true }).fill(user.email);
    expect(userCalls).toEqual([]);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    const logoAnswer = page.waitForResponse((response) => response.url().endsWith('/logo'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await accountMenuButton(page).waitFor();
    expect((await logoAnswer).status()).toBe(404);
    expect(await page.getByRole('img', { name: 'Firm logo' }).count()).toBe(0);
    await context.close();
  });

  it('opens the support modal logged out with phone, e-mail and Ok, and no custodian table', async () => {
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await page.getByRole('button', { name: 'Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Support' });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: '(800)-555-0199' }).getAttribute('href')).toBe(
      'tel:8005550199',
    );
    expect(
      await dialog.getByRole('link', { name: 'support@ballast.localhost' }).getAttribute('href'),
    ).toBe('mailto:support@ballast.localhost');
    expect(await dialog.getByRole('table').count()).toBe(0);
    await saveScreenshot(page, 'support-logged-out');
    await expectNoSeriousA11yViolations(page, 'support modal, signed out');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForFocus(page.getByRole('button', { name: 'Support' }));
    await context.close();
  });

  it('opens settings from the keyboard and gives focus back to the account menu', async () => {
    const user = await suite.server.createUser();
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await signInWithPassword(page, user);
    const menuButton = accountMenuButton(page);
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const settings = page.getByRole('menuitem', { name: 'Settings' });
    await settings.waitFor();
    await page.keyboard.press('End');
    await waitForFocus(settings);
    await page.keyboard.press('Enter');
    await expectDialogKeyboard(page.getByRole('dialog', { name: 'USER SETTINGS' }), menuButton);
    await context.close();
  });

  it('shows a signed-in user the custodians quick reference, and its error and empty messages', async () => {
    const user = await suite.server.createUser();
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await signInWithPassword(page, user);
    const openSupport = async () => {
      await page.getByRole('button', { name: 'Support' }).click();
      const dialog = page.getByRole('dialog', { name: 'Support' });
      await dialog.waitFor();
      return dialog;
    };

    let dialog = await openSupport();
    const table = dialog.getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Custodian Name',
      'Product Number',
      'Description',
    ]);
    const names = await table.locator('tbody tr td:first-child').allTextContents();
    expect(names).toEqual(expect.arrayContaining(['Fidelity', 'Schwab']));
    await saveScreenshot(page, 'support-logged-in');
    await expectNoSeriousA11yViolations(page, 'support modal, signed in');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.route('**/api/custodians', (route) =>
      route.fulfill({ status: 500, json: { type: 'server_error', errors: [] } }),
    );
    dialog = await openSupport();
    await dialog.getByText(CUSTODIANS_LOAD_FAILED).waitFor();
    await page.keyboard.press('Escape');
    await page.unroute('**/api/custodians');

    await page.route('**/api/custodians', (route) => route.fulfill({ status: 200, json: [] }));
    dialog = await openSupport();
    await dialog.getByText(NO_CUSTODIANS).waitFor();
    await page.unroute('**/api/custodians');
    await context.close();
  });

  it('edits settings: messages, phone format, Submitting..., the success toast for 5 seconds and a refreshed user', async () => {
    const user = await suite.server.createUser();
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await signInWithPassword(page, user);
    const pathBefore = new URL(page.url()).pathname;
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'USER SETTINGS' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe(pathBefore);
    expect(await dialog.getByLabel('E-mail', { exact: true }).inputValue()).toBe(user.email);
    expect(await dialog.getByLabel('Role').inputValue()).toBe('ADVISOR');
    await saveScreenshot(page, 'settings');
    await expectNoSeriousA11yViolations(page, 'settings modal');

    const submit = dialog.getByRole('button', { name: 'Submit' });
    await dialog.getByLabel('First Name').fill('');
    await dialog.getByLabel('Last Name').fill('');
    await dialog.getByLabel('Phone').fill('55512');
    await dialog.getByLabel('City').click();
    await dialog.getByText(FIRST_NAME_REQUIRED).waitFor();
    await dialog.getByText(LAST_NAME_REQUIRED).waitFor();
    await dialog.getByText(INVALID_PHONE_NUMBER).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await saveScreenshot(page, 'settings-errors');
    await expectNoSeriousA11yViolations(page, 'settings modal with errors');

    await dialog.getByLabel('First Name').fill('Morgan');
    await dialog.getByLabel('Last Name').fill('Quinn');
    await dialog.getByLabel('Phone').fill('555 123 4567 89');
    expect(await dialog.getByLabel('Phone').inputValue()).toBe('(555)-123-4567');
    await dialog.getByLabel('State').selectOption('PR');
    const emailSwitch = dialog.getByRole('switch', { name: 'E-mail notifications' });
    const wasOn = (await emailSwitch.getAttribute('aria-checked')) === 'true';
    await emailSwitch.click();
    expect(await submit.isEnabled()).toBe(true);

    let releaseSave: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      releaseSave = resolve;
    });
    await page.route('**/api/advisors/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      await held;
      return route.continue();
    });
    await submit.click();
    // Toasts stand still while the pointer rests on them, and they open in the corner where the
    // pointer clicked Submit; it moves away so the toast's own five seconds are what is seen.
    await page.mouse.move(0, 0);
    await dialog.getByRole('button', { name: 'Submitting...' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Submitting...' }).isDisabled()).toBe(true);
    const refreshed = page.waitForResponse(
      (response) => response.url().endsWith('/api/advisors/self') && response.ok(),
    );
    releaseSave();
    await toast(page, ADVISOR_UPDATED).waitFor();
    const shownAt = Date.now();
    await dialog.waitFor({ state: 'detached' });
    await refreshed;
    await page.unroute('**/api/advisors/*');
    expect(await accountMenuButton(page).textContent()).toBe('MQ');
    await saveScreenshot(page, 'settings-saved');
    await toast(page, ADVISOR_UPDATED).waitFor({ state: 'detached', timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3_000);

    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    expect(await dialog.getByLabel('Phone').inputValue()).toBe('(555)-123-4567');
    expect(await dialog.getByLabel('State').inputValue()).toBe('PR');
    expect(await emailSwitch.getAttribute('aria-checked')).toBe(String(!wasOn));
    expect(await dialog.getByRole('switch', { name: 'In-app notifications' }).isDisabled()).toBe(
      true,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the failure toast and closes when saving fails', async () => {
    const user = await suite.server.createUser();
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await signInWithPassword(page, user);
    await page.route('**/api/advisors/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { type: 'server_error', errors: [] } })
        : route.continue(),
    );
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'USER SETTINGS' });
    await dialog.getByLabel('City').fill('Boston');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(page, ADVISOR_UPDATE_FAILED).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await saveScreenshot(page, 'settings-failed');
    await context.close();
  });

  it('renews the session and retries once when the api answers 401', async () => {
    const user = await suite.server.createUser();
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await signInWithPassword(page, user);
    // The home page the sign-in leads to asks for the list itself; that call must be over
    // before the next one is refused, or it would be the one refused.
    await page.waitForLoadState('networkidle');
    let refusedOnce = false;
    const sent: string[] = [];
    await page.route('**/api/portfolios', (route) => {
      sent.push(route.request().headers().authorization ?? '');
      if (refusedOnce) return route.continue();
      refusedOnce = true;
      return route.fulfill({
        status: 401,
        json: {
          type: 'client_error',
          errors: [{ code: 'not_authenticated', detail: 'expired', attr: null }],
        },
      });
    });
    const renewed = page.waitForRequest((request) =>
      request.url().endsWith('/sdk/v1/sessions/authenticate'),
    );
    const retried = page.waitForResponse(
      (response) => response.url().endsWith('/api/portfolios') && response.status() === 200,
    );
    await page.goto('/');
    await renewed;
    await retried;
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^Bearer /);
    expect(sent[1]).toMatch(/^Bearer /);
    await page.getByRole('heading', { level: 1, name: 'Portfolios' }).waitFor();
    await context.close();
  });
});
