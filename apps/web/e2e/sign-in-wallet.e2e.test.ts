import { type HDNodeWallet, Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { attachEthereumWallet } from './support/identity.ts';
import {
  accountMenuButton,
  expectTitle,
  openPage,
  saveScreenshot,
  sessionJwtOf,
  waitForSignedInHome,
} from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

/**
 * Gives the page an injected Ethereum wallet (EIP-1193 `window.ethereum`, as browser extensions
 * provide it) whose key lives in the test and signs whatever the page asks it to.
 */
async function installWallet(page: Page, wallet: HDNodeWallet): Promise<string[]> {
  const requests: string[] = [];
  await page.exposeFunction('testWalletRequest', async (method: string, params: unknown[]) => {
    requests.push(method);
    if (method === 'eth_requestAccounts') return [wallet.address];
    if (method === 'personal_sign') return wallet.signMessage(String(params[0]));
    throw new Error(`the test wallet does not answer ${method}`);
  });
  await page.addInitScript(() => {
    const scope = window as unknown as {
      ethereum: unknown;
      testWalletRequest(method: string, params: unknown[]): Promise<unknown>;
    };
    scope.ethereum = {
      request: ({ method, params }: { method: string; params?: unknown[] }) =>
        scope.testWalletRequest(method, params ?? []),
    };
  });
  await page.reload();
  return requests;
}

describe('signing in with an Ethereum wallet', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });

  it('offers the wallet only in a browser that has one, and signs the advisor in with it', async () => {
    const user = await suite.server.createUser();
    const wallet = Wallet.createRandom();
    await attachEthereumWallet(suite.server, user.email, wallet.address);
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await page.getByRole('button', { name: 'Continue with a passkey' }).waitFor();
    expect(await page.getByRole('button', { name: /Ethereum wallet/ }).count()).toBe(0);

    const requests = await installWallet(page, wallet);
    await page.getByRole('button', { name: 'Continue with an Ethereum wallet' }).click();
    await waitForSignedInHome(page);
    expect(requests).toEqual(['eth_requestAccounts', 'personal_sign']);
    expect(await sessionJwtOf(context)).toBeTruthy();
    await accountMenuButton(page, user).waitFor();
    await context.close();
  });

  it('tells someone whose sign-in is no advisor why, and lets them log out', async () => {
    const wallet = Wallet.createRandom();
    const { context, page } = await openPage(suite.browser, suite.server, '/auth/login');
    await installWallet(page, wallet);
    await page.getByRole('button', { name: 'Continue with an Ethereum wallet' }).click();

    await page.getByRole('heading', { name: 'No advisor account' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      'This account is not an advisor of any firm.',
    );
    expect(await page.getByRole('main').textContent()).toContain(wallet.address.toLowerCase());
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Monitor' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /account menu/i }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe(
      '/auth/logout',
    );
    await expectTitle(page, 'No advisor account | Ballast');
    await saveScreenshot(page, 'no-advisor-account');

    // Every page says the same, rather than failing in its own way.
    await page.goto('/monitor');
    await page.getByRole('heading', { name: 'No advisor account' }).waitFor();

    await page.getByRole('main').getByRole('link', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Ballast' }).waitFor();
    expect(await sessionJwtOf(context)).toBeUndefined();
    await context.close();
  });
});
