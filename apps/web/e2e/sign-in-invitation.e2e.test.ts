import { ADVISOR_INACTIVE, SIGN_IN_ERROR_MESSAGES } from '@ballast/contract';
import { createAdvisorAccess } from '@ballast/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
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

  /** Invites a new firm's administrator and opens their link, which asks them to set up. */
  async function openInvitation(page: Page) {
    const person = await suite.server.inviteAdministrator();
    const link = linkIn(await suite.server.waitForMessage(person.email));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set up your sign-in' }).waitFor();
    await expectTitle(page, 'Set Up Your Sign-In | Ballast');
    return person;
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

    // Their administrator (here, the port the api uses) makes them inactive.
    const project = await suite.server.identity.projects.byPublicToken(suite.server.publicToken);
    await createAdvisorAccess(suite.server.identity, project).update(person.email, {
      firmId: person.firmId,
      role: 'ADMINISTRATOR',
      active: false,
    });
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
