// Each test makes a firm of its own (with its own two custodians, made with the firm) and its
// administrator, so that no test sees another's users, custodians or audit trail, and the
// last-administrator guard meets a firm with exactly one administrator.
import { readFile } from 'node:fs/promises';
import { ADVISOR_INACTIVE, LAST_ADMINISTRATOR, LOGO_TYPE } from '@ballast/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { signInToApi } from './support/api.ts';
import { parseCsv } from './support/csv.ts';
import { linkIn } from './support/identity.ts';
import { tabTo } from './support/keyboard.ts';
import {
  accountMenuButton,
  expectDialogKeyboard,
  expectTitle,
  openPage,
  saveDialogScreenshot,
  saveScreenshot,
  sessionJwtOf,
  signInWithPassword,
  waitForSignedInHome,
} from './support/pages.ts';
import type { TestUser } from './support/server.ts';
import { serverAndBrowser } from './support/suite.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const PASSWORD = 'Harbor pilots read the tide 4417';

describe('firm administration', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });
  const contexts: BrowserContext[] = [];

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  /** A fresh firm, its one administrator signed in at `path`, and a way to add its users. */
  async function firmWithAdministrator(path = '/admin/users') {
    const firmId = await suite.server.createFirm();
    const admin = await suite.server.createUser('ADMINISTRATOR', { firmId });
    const { page } = await signedIn(admin);
    await page.goto(path);
    return {
      firmId,
      admin,
      page,
      addUser: (role: TestUser['role'] = 'ADVISOR') => suite.server.createUser(role, { firmId }),
    };
  }

  async function signedIn(user: TestUser): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await openPage(suite.browser, suite.server, '/auth/login');
    contexts.push(opened.context);
    await signInWithPassword(opened.page, user);
    return opened;
  }

  /** Checks the screen with axe-core and saves it at 1280 and 768 pixels wide. */
  async function look(page: Page, name: string): Promise<void> {
    await expectNoSeriousA11yViolations(page, `administration ${name}`);
    await saveScreenshot(page, `administration-${name}-1280`);
    await page.setViewportSize({ width: 768, height: 1024 });
    await saveScreenshot(page, `administration-${name}-768`);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  /**
   * A user's row, found by their e-mail: the test server names its users from a short random
   * suffix, so two of one firm may share a name.
   */
  function userRow(page: Page, email: string): Locator {
    return page.getByRole('row').filter({ hasText: email });
  }

  /** Opens a user's menu and chooses `item`; answers the dialog it opens. */
  async function chooseForUser(page: Page, user: TestUser, item: string): Promise<Locator> {
    await userRow(page, user.email)
      .getByRole('button', { name: `Manage ${user.firstName} ${user.lastName}` })
      .click();
    await page.getByRole('menuitem', { name: item }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    return dialog;
  }

  it('is offered to administrators only', async () => {
    const { page } = await firmWithAdministrator('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Administration' }).click();
    await page.waitForURL('**/admin/users');
    await expectTitle(page, 'Administration: Users | Ballast');
    // The sections are links: Tab reaches each, showing the focus, and Enter opens it.
    const sections = page.getByRole('navigation', { name: 'Administration' });
    await tabTo(sections.getByRole('link', { name: 'Custodians' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/custodians');
    await expectTitle(page, 'Administration: Custodians | Ballast');
    expect(
      await sections.getByRole('link', { name: 'Custodians' }).getAttribute('aria-current'),
    ).toBe('page');

    const { page: advisorPage } = await signedIn(demoAdvisor());
    expect(
      await advisorPage
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Administration' })
        .count(),
    ).toBe(0);
    await advisorPage.goto('/admin/users');
    await advisorPage.getByText('Firm administration is for the firm’s administrators.').waitFor();
    expect(await advisorPage.getByRole('table').count()).toBe(0);
  });

  function demoAdvisor(): TestUser {
    const user = suite.server.demoUsers.get('ADVISOR');
    if (!user) throw new Error('the scenario has no advisor');
    return user;
  }

  it('invites a user, whose e-mailed link signs them in', async () => {
    const { page, admin } = await firmWithAdministrator();
    await userRow(page, admin.email).waitFor();
    await look(page, 'users');

    await page.getByRole('button', { name: 'Invite a user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a user' });
    await expectDialogKeyboard(dialog, page.getByRole('button', { name: 'Invite a user' }));
    await page.getByRole('button', { name: 'Invite a user' }).click();
    const email = `invited.${crypto.randomUUID().slice(0, 8)}@ballast.test`;
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('First name').fill('Ivy');
    await dialog.getByLabel('Last name').fill('Invited');
    await dialog.getByLabel('Role').selectOption('MANAGER');
    await expectNoSeriousA11yViolations(page, 'administration invite dialog');
    await saveDialogScreenshot(dialog, 'administration-invite');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${email}`).waitFor();
    const row = userRow(page, email);
    await row.waitFor();
    expect(await row.textContent()).toContain('Invitation sent');
    expect(await row.textContent()).toContain('Manager');

    const link = linkIn(await suite.server.waitForMessage(email));
    expect(link.startsWith(`${suite.server.url}/`)).toBe(true);
    const invited = await openPage(suite.browser, suite.server, link);
    contexts.push(invited.context);
    // The link proves the address and starts a session; with no password or passkey yet, the
    // person sets one before anything else.
    await invited.page.getByRole('heading', { name: 'Set up your sign-in' }).waitFor();
    await saveScreenshot(invited.page, 'administration-invitation-landing');
    const form = invited.page.getByRole('form', { name: 'Set a password' });
    await form.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Repeat the new password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Set password' }).click();
    await waitForSignedInHome(invited.page);
    await accountMenuButton(invited.page, { firstName: 'Ivy', lastName: 'Invited' }).waitFor();
    // The session is theirs as the api knows them, with the role they were invited with.
    const self = await fetch(`${suite.server.url}/api/advisors/self`, {
      headers: { authorization: `Bearer ${await sessionJwtOf(invited.context)}` },
    });
    expect(await self.json()).toMatchObject({ email, role: 'MANAGER' });

    await page.reload();
    await row.filter({ hasText: 'Signed in' }).waitFor();
  });

  it('changes a role, and the user’s next call has the new rights', async () => {
    const { page, addUser, firmId } = await firmWithAdministrator();
    const colleague = await addUser('ADVISOR');
    const theirApi = await signInToApi(suite.server, colleague);
    // The firm's users are listed for administrators only.
    const usersPath = `/firms/${firmId}/users`;
    expect((await theirApi.send('GET', usersPath)).status).toBe(403);

    const dialog = await chooseForUser(page, colleague, 'Change role…');
    await dialog.getByLabel('Role').selectOption('ADMINISTRATOR');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await dialog.waitFor({ state: 'detached' });
    await userRow(page, colleague.email).filter({ hasText: 'Administrator' }).waitFor();
    // The same session, not a new sign-in: its next call is judged by the new role.
    await expect.poll(async () => (await theirApi.send('GET', usersPath)).status).toBe(200);
  });

  it('deactivates a user after saying their sessions end, and their open session stops working', async () => {
    const { page, addUser } = await firmWithAdministrator();
    const colleague = await addUser('ADVISOR');
    const theirs = await signedIn(colleague);
    const theirApi = await signInToApi(suite.server, colleague);
    expect((await theirApi.send('GET', '/advisors/self')).status).toBe(200);

    const dialog = await chooseForUser(page, colleague, 'Deactivate…');
    expect(await dialog.textContent()).toContain('signed out everywhere at once');
    await expectNoSeriousA11yViolations(page, 'administration deactivate dialog');
    await saveDialogScreenshot(dialog, 'administration-deactivate');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await dialog.waitFor({ state: 'detached' });
    await userRow(page, colleague.email).filter({ hasText: 'Inactive' }).waitFor();

    // The token they already hold is refused, and their browser no longer shows the app.
    await expect
      .poll(async () => (await theirApi.send('GET', '/advisors/self')).status)
      .not.toBe(200);
    await theirs.page.goto('/monitor');
    const monitorLink = theirs.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Monitor' });
    await theirs.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Log(in|out)$/ })
      .waitFor();
    expect(await monitorLink.count()).toBe(0);
    await saveScreenshot(theirs.page, 'administration-deactivated-session');

    // Signing in again is refused, saying why.
    await theirs.page.goto('/auth/login');
    await theirs.page.getByLabel('E-mail', { exact: true }).fill(colleague.email);
    await theirs.page.getByLabel('Password', { exact: true }).fill(colleague.password);
    await theirs.page.getByRole('button', { name: 'Sign in' }).click();
    await theirs.page.getByRole('alert').filter({ hasText: ADVISOR_INACTIVE }).waitFor();
  });

  it('refuses to leave the firm without an active administrator, and says why', async () => {
    const { page, admin } = await firmWithAdministrator();
    const dialog = await chooseForUser(page, admin, 'Deactivate…');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(LAST_ADMINISTRATOR);
    await expectNoSeriousA11yViolations(page, 'administration last-administrator refusal');
    await saveDialogScreenshot(dialog, 'administration-last-administrator');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const roleDialog = await chooseForUser(page, admin, 'Change role…');
    await roleDialog.getByLabel('Role').selectOption('ADVISOR');
    await roleDialog.getByRole('button', { name: 'Change role' }).click();
    await roleDialog.getByRole('alert').filter({ hasText: LAST_ADMINISTRATOR }).waitFor();
    await roleDialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await userRow(page, admin.email).textContent()).toContain('Administrator');
  });

  it('uploads a logo that the header shows at once, and sets the support contacts', async () => {
    const { page } = await firmWithAdministrator('/admin/firm');
    const headerLogo = page.getByRole('banner').getByRole('img', { name: 'Firm logo' });
    await page.getByLabel('Firm name').waitFor();
    expect(await headerLogo.count()).toBe(0);
    await look(page, 'firm');

    // A text file named and typed as a PNG passes the quick check here; the server reads it.
    const chooser = page.getByLabel('Choose a logo');
    await chooser.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await page.getByRole('alert').filter({ hasText: LOGO_TYPE }).waitFor();

    await chooser.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await headerLogo.waitFor();
    expect(await headerLogo.evaluate((image: HTMLImageElement) => image.naturalWidth > 0)).toBe(
      true,
    );
    await saveScreenshot(page, 'administration-firm-logo-1280');

    await page.getByLabel('Support phone').fill('+1 212 555 0199');
    await page.getByLabel('Support e-mail').fill('help@firm.test');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('The firm’s profile is saved.').waitFor();
    await page.getByRole('button', { name: 'Support' }).click();
    const support = page.getByRole('dialog', { name: 'Support' });
    await support.getByRole('link', { name: 'help@firm.test' }).waitFor();
    expect(await support.getByRole('link', { name: '+1 212 555 0199' }).count()).toBe(1);
    await saveDialogScreenshot(support, 'administration-support-contacts');
    await support.getByRole('button', { name: 'Ok' }).click();

    await page.getByRole('button', { name: 'Remove logo' }).click();
    await headerLogo.waitFor({ state: 'detached' });
  });

  it('sets a custodian inactive, and account opening no longer offers it', async () => {
    const { page, addUser } = await firmWithAdministrator('/admin/custodians');
    await page.getByRole('rowheader', { name: 'Schwab' }).waitFor();
    await look(page, 'custodians');
    await page.getByRole('button', { name: 'Edit Schwab' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Schwab' });
    await dialog.getByLabel('Status').selectOption('I');
    await expectNoSeriousA11yViolations(page, 'administration custodian dialog');
    await saveDialogScreenshot(dialog, 'administration-custodian');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('row')
      .filter({ hasText: 'Schwab' })
      .filter({ hasText: 'Inactive' })
      .waitFor();

    const advisor = await addUser('ADVISOR');
    const advisorApi = await signInToApi(suite.server, advisor);
    const created = await advisorApi.send('POST', '/portfolios', {});
    const { portfolio_id: id } = (await created.json()) as { portfolio_id: string };
    const { page: advisorPage } = await signedIn(advisor);
    await advisorPage.goto(`/onboarding/${id}/custodian`);
    await advisorPage.getByRole('radio', { name: /Fidelity/ }).waitFor();
    expect(await advisorPage.getByRole('radio', { name: /Schwab/ }).count()).toBe(0);
    await saveScreenshot(advisorPage, 'administration-onboarding-custodians');
  });

  it('keeps the sign-in policy within what the installation offers', async () => {
    const { page, admin, firmId } = await firmWithAdministrator('/admin/sign-in');
    const minutes = page.getByLabel('Sign-in lasts (minutes)');
    await minutes.waitFor();
    await look(page, 'sign-in-policy');
    await minutes.fill('90');
    await page.getByRole('button', { name: 'Save sign-in policy' }).click();
    await page.getByText('The sign-in policy is saved.').waitFor();
    const adminApi = await signInToApi(suite.server, admin);
    expect(await adminApi.get(`/firms/${firmId}/sign-in-policy`)).toMatchObject({
      session_minutes: 90,
    });
  });

  it('shows every change in the audit trail, and exports it whole', async () => {
    const { page, addUser, admin } = await firmWithAdministrator();
    const colleague = await addUser('ADVISOR');
    const dialog = await chooseForUser(page, colleague, 'Change role…');
    await dialog.getByLabel('Role').selectOption('MANAGER');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Audit trail' })
      .click();
    await page.waitForURL('**/admin/audit');
    const entry = page.getByRole('row').filter({ hasText: 'User changed' });
    await entry.waitFor();
    const text = await entry.textContent();
    expect(text).toContain(`${admin.firstName} ${admin.lastName} (${admin.email})`);
    expect(text).toContain('Role: Advisor → Manager');
    await look(page, 'audit');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(csv[0]).toEqual(['When (UTC)', 'Who', 'What', 'Subject', 'Change']);
    expect(
      csv.some((line) => line[2] === 'User changed' && line[4]?.includes('Advisor → Manager')),
    ).toBe(true);
  });
});
