import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GENERIC_SIGN_IN_FAILURE } from '../src/features/auth/sign-in-error.ts';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { identityUserIdOf } from './support/identity.ts';
import {
  accountMenuButton,
  openPage,
  saveScreenshot,
  sessionJwtOf,
  waitForLoggedInHeader,
  waitForSignedInHome,
} from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

const ADMIN = { impersonatorId: 'advisor-admin-1', impersonatorEmail: 'admin@firm.test' };

describe('impersonation links', () => {
  const suite = serverAndBrowser({ seed: 'minimal' });

  async function linkFor(email: string): Promise<string> {
    const project = await suite.server.identity.projects.byPublicToken(suite.server.publicToken);
    const { token } = await suite.server.identity.impersonation.mint({
      project,
      userId: await identityUserIdOf(suite.server, email),
      ...ADMIN,
    });
    return `/auth/login?stytch_token_type=impersonation&token=${encodeURIComponent(token)}`;
  }

  it('signs in as the advisor and says on every page whose account it is, and who is using it', async () => {
    const user = await suite.server.createUser();
    const link = await linkFor(user.email);
    const { context, page } = await openPage(suite.browser, suite.server, link);
    await waitForSignedInHome(page);
    expect(await sessionJwtOf(context)).toBeTruthy();

    const banner = page.getByRole('banner').getByRole('status');
    await banner.waitFor();
    expect(await banner.textContent()).toBe(
      `Impersonating ${user.firstName} ${user.lastName} (${user.email}), signed in by ${ADMIN.impersonatorEmail}`,
    );
    await accountMenuButton(page, user).waitFor();
    await saveScreenshot(page, 'impersonation');
    await expectNoSeriousA11yViolations(page, 'impersonation banner');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Monitor' })
      .click();
    await page.getByRole('heading', { name: 'Monitor' }).waitFor();
    expect(await banner.textContent()).toContain(
      `Impersonating ${user.firstName} ${user.lastName}`,
    );
    await context.close();
  });

  it('names the advisor as the firm knows them, even when the sign-in itself has no name', async () => {
    const user = await suite.server.createUser();
    await suite.server.database.db
      .update(schema.identityUsers)
      .set({ firstName: '', lastName: '' })
      .where(eq(schema.identityUsers.id, await identityUserIdOf(suite.server, user.email)));
    const { context, page } = await openPage(
      suite.browser,
      suite.server,
      await linkFor(user.email),
    );
    const banner = page.getByRole('banner').getByRole('status');
    await banner.filter({ hasText: user.lastName }).waitFor();
    expect(await banner.textContent()).toBe(
      `Impersonating ${user.firstName} ${user.lastName} (${user.email}), signed in by ${ADMIN.impersonatorEmail}`,
    );
    await context.close();
  });

  it('works once: the same link again signs nobody in', async () => {
    const user = await suite.server.createUser();
    const link = await linkFor(user.email);
    const first = await openPage(suite.browser, suite.server, link);
    await waitForLoggedInHeader(first.page);
    await first.context.close();

    const { context, page } = await openPage(suite.browser, suite.server, link);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(GENERIC_SIGN_IN_FAILURE);
    expect(await sessionJwtOf(context)).toBeUndefined();
    expect(await page.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/auth/login',
    );
    await context.close();
  });
});
