import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer, TestUser } from './server.ts';

/** A fresh browser context (its own cookies and storage) with one page on the server. */
export async function openPage(
  browser: Browser,
  server: RunningServer,
  path = '/',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

/** Signs in through the login screen with e-mail and password, and waits for the home page. */
export async function signInWithPassword(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForLoggedInHeader(page);
  // The header changes with the session; the page it leads to may still be loading.
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

/** Waits until the header is the logged-in one: its nav offers Monitor. */
export async function waitForLoggedInHeader(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Monitor' })
    .waitFor();
}

/**
 * The header's account menu button. Its name starts with the initials it shows; given a user, the
 * whole name is checked (their initials and full name).
 */
export function accountMenuButton(
  page: Page,
  user?: Pick<TestUser, 'firstName' | 'lastName'>,
): Locator {
  if (!user) return page.getByRole('button', { name: /, account menu for / });
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return page.getByRole('button', {
    name: `${initials}, account menu for ${user.firstName} ${user.lastName}`,
    exact: true,
  });
}

/** Waits until a sign-in has led to the home page, under the logged-in header. */
export async function waitForSignedInHome(page: Page): Promise<void> {
  await waitForLoggedInHeader(page);
  // The header changes with the session; the home page may still be loading.
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * Waits until the page's title is `title`. A route sets its title once its page has rendered,
 * which can be after the address has changed; a title that never comes fails with both values.
 */
export async function expectTitle(page: Page, title: string): Promise<void> {
  await page
    .waitForFunction((expected) => document.title === expected, title)
    .catch(() => undefined);
  expect(await page.title()).toBe(title);
}

/** The session JWT cookie (`__session`) the sign-in client wrote, if any. */
export async function sessionJwtOf(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((entry) => entry.name === '__session');
  return cookie?.value || undefined;
}

/**
 * Saves a full-page screenshot under .artifacts/screenshots for people to look at, with
 * transitions run to their end so that a toast that has just appeared is shown as it settles.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: `.artifacts/screenshots/${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

/** The dialog alone, whole, beside the page's screenshot (a tall dialog scrolls inside it). */
export async function saveDialogScreenshot(dialog: Locator, name: string): Promise<void> {
  await dialog.evaluate((node) => {
    node.style.maxHeight = 'none';
  });
  await dialog.screenshot({ path: `.artifacts/screenshots/${name}-dialog.png` });
  await dialog.evaluate((node) => {
    node.style.maxHeight = '';
  });
}

/** Waits until the element `locator` names has the keyboard focus. */
export async function waitForFocus(locator: Locator): Promise<void> {
  const element = await locator.elementHandle();
  await locator.page().waitForFunction((target) => target === document.activeElement, element);
}

/**
 * Checks the keyboard contract of an open dialog: it holds the focus, Escape closes it, and the
 * focus goes back to `returnsTo`.
 */
export async function expectDialogKeyboard(dialog: Locator, returnsTo: Locator): Promise<void> {
  await dialog.waitFor();
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await dialog.page().keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await waitForFocus(returnsTo);
}
