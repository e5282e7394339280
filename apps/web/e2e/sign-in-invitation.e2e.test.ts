import { ADVISOR_INACTIVE, type FirmUser, SIGN_IN_ERROR_MESSAGES } from '@ballast/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { signInToApi } from './support/api.ts';
import { addAuthenticator, linkIn } from './support/identity.ts';
import {
  accountMenuButton,
  expectTitle,
  openPage,
  saveScreenshot,
  signInWithPassword,
  waitForSignedInHome,
} from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

const PASSWORD = 'Lanterns mark the harbor mouth 64';

describe('the first sign-in of an invited user (decision 022)', () => {
  const suite = serverAndBrowser();

  /**
   * A new firm's administrator invites a person on the api, as the /admin screen does; the person
   * opens the e-mailed link, which asks them to set up their sign-in.
   */
  async function openInvitation(page: Page) {
    const firmId = await suite.server.createFirm();
    const administrator = await signInToApi(
      suite.server,
      await suite.server.createUser('ADMINISTRATOR', { firmId }),
    );
    const suffix = crypto.randomUUID().slice(0, 8);
    const person = {
      email: `invited.${suffix}@ballast.test`,
      firstName: 'Robin',
      lastName: `Invitee${suffix.replace(/\d/g, '')}`,
    };
    const invited = await administrator.send('POST', `/firms/${firmId}/users`, {
      email: person.email,
      first_name: person.firstName,
      last_name: person.lastName,
      role: 'ADVISOR',
    });
    expect(invited.status).toBe(201);
    const { advisor } = (await invited.json()) as FirmUser;
    const link = linkIn(await suite.server.waitForMessage(person.email));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set up your sign-in' }).waitFor();
    await expectTitle(page, 'Set Up Your Sign-In | Ballast');
    return { ...person, firmId, advisor, administrator };
  }

  it('sets a password, goes home, and signs in with it again; once inactive, is told why not', async () => {
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    const person = await openInvitation(page);
    expect(await page.getByText(`Welcome, ${person.firstName}.`).count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'Set up your sign-in');
    await saveScreenshot(page, 'set-up-sign-in');

    const form = page.getByRole('form', { name: 'Set a password' });
    await form.getByLabel('New password', { exact: true }).fill('password1');
    await form.getByLabel('Repeat the new password').fill('password1');
    await form.getByRole('button', { name: 'Set password' }).click();
    expect(await form.getByRole('alert').textContent()).toBe(SIGN_IN_ERROR_MESSAGES.weak_password);
    await saveScreenshot(page, 'set-up-sign-in-weak-password');

    await form.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Repeat the new password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Set password' }).click();
    await waitForSignedInHome(page);
    await accountMenuButton(page, person).waitFor();

    await page.goto('/auth/logout');
    await page.getByRole('heading', { name: 'Sign in to Ballast' }).waitFor();
    await signInWithPassword(page, { email: person.email, password: PASSWORD });
    await accountMenuButton(page, person).waitFor();
    await page.goto('/auth/logout');
    await page.getByRole('heading', { name: 'Sign in to Ballast' }).waitFor();

    // Their administrator makes them inactive.
    const deactivated = await person.administrator.send(
      'PATCH',
      `/firms/${person.firmId}/users/${person.advisor}`,
      { status: 'INACTIVE' },
    );
    expect(deactivated.status).toBe(200);
    await page.getByLabel('E-mail', { exact: true }).fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').textContent()).toBe(ADVISOR_INACTIVE);
    await saveScreenshot(page, 'login-user-inactive');
    await context.close();
  });

  it('registers a passkey instead, goes home, and signs in with it again', async () => {
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    const { cdp, authenticatorId } = await addAuthenticator(page);
    const person = await openInvitation(page);

    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await waitForSignedInHome(page);
    expect(
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    ).toHaveLength(1);

    await page.goto('/auth/logout');
    await page.getByRole('heading', { name: 'Sign in to Ballast' }).waitFor();
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await waitForSignedInHome(page);
    await accountMenuButton(page, person).waitFor();
    await context.close();
  });
});
