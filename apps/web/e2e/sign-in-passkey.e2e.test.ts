import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GENERIC_SIGN_IN_FAILURE } from '../src/features/auth/sign-in-error.ts';
import { addAuthenticator, runSdkInPage } from './support/identity.ts';
import {
  accountMenuButton,
  openPage,
  saveScreenshot,
  sessionJwtOf,
  signInWithPassword,
  waitForSignedInHome,
} from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

describe('signing in with a passkey', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });

  it('signs in with the passkey the advisor registered earlier in this browser', async () => {
    const user = await suite.server.createUser();
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    const { cdp, authenticatorId } = await addAuthenticator(page);
    await signInWithPassword(page, user);
    const registrationId = await runSdkInPage<string>(
      page,
      suite.server,
      'return (await client.webauthn.register({ is_passkey: true, session_duration_minutes: 60 })).webauthn_registration_id;',
    );
    expect(registrationId).toBeTruthy();
    expect(
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    ).toHaveLength(1);

    await page.goto('/auth/logout');
    await page.getByRole('heading', { name: 'Sign in to Ballast' }).waitFor();
    expect(await sessionJwtOf(context)).toBeUndefined();
    await saveScreenshot(page, 'login-passkey');

    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await waitForSignedInHome(page);
    expect(await sessionJwtOf(context)).toBeTruthy();
    // The session stands on the passkey alone.
    expect(
      await runSdkInPage<string[]>(
        page,
        suite.server,
        'return client.session.getSync().authentication_factors.map((factor) => factor.type);',
      ),
    ).toEqual(['webauthn']);
    await accountMenuButton(page, user).waitFor();
    await context.close();
  });

  it('says so, and stays signed out, when the passkey is not one this service registered', async () => {
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    const { cdp, authenticatorId } = await addAuthenticator(page);
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await cdp.send('WebAuthn.addCredential', {
      authenticatorId,
      credential: {
        credentialId: randomBytes(16).toString('base64'),
        isResidentCredential: true,
        rpId: 'localhost',
        privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
        userHandle: Buffer.from('user-test-nobody').toString('base64'),
        signCount: 0,
      },
    });
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(GENERIC_SIGN_IN_FAILURE);
    expect(await sessionJwtOf(context)).toBeUndefined();
    expect(await page.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/auth/login',
    );
    await saveScreenshot(page, 'login-passkey-unknown');
    await context.close();
  });
});
