// Decision 035: while a firm's history is being valued, as the demo's is after a first start,
// the home page and a portfolio page say how far it has come; once it is valued they say
// nothing. The firm is seeded here with its history left unvalued, as `npm start` seeds it, and
// valued by the test between the two looks.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PortfolioListResponse, ValuationProgress } from '@ballast/contract';
import { createDirectoryBlobStore, createSecretBox } from '@ballast/db';
import { type SeedResult, seedScenario, valueSeededHistory } from '@ballast/server/seed';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { type ApiSession, signInToApi } from './support/api.ts';
import { openPage, saveScreenshot, signInWithPassword } from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

// The key and data directory the seed and the test's valuation share with the server, so that
// the client data they seal and the statements they store are the server's own.
const ENCRYPTION_KEY = randomBytes(32).toString('base64url');
const DATA_DIR = join(tmpdir(), `ballast-e2e-valuation-${crypto.randomUUID()}`);

/** The app asks every five seconds while behind; a loaded machine may take longer to value. */
const VALUED_WAIT = { timeout: 120_000 };

// Written here, not with the app's formatter, so that a wrong date format fails the test.
const day = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

describe('the valuation of the history, as the screens tell it', () => {
  const suite = serverAndBrowser({ env: { ENCRYPTION_KEY, DATA_DIR } });
  let seeded: SeedResult;
  let api: ApiSession;
  let context: BrowserContext;
  let page: Page;

  const stores = () => ({
    box: createSecretBox(ENCRYPTION_KEY),
    blobs: createDirectoryBlobStore(join(DATA_DIR, 'blobs')),
  });
  const progressLine = () => page.getByRole('status').filter({ hasText: 'Valuing the history' });

  beforeAll(async () => {
    const { server } = suite;
    const result = await seedScenario('minimal', {
      database: server.database,
      identity: server.identity,
      publicToken: server.publicToken,
      ...stores(),
      valueHistory: false,
    });
    if (!result) throw new Error('The minimal scenario seeded nothing.');
    seeded = result;
    const advisor = seeded.users.find((user) => user.role === 'ADVISOR');
    if (!advisor) throw new Error('The minimal scenario has no demo advisor.');
    api = await signInToApi(server, advisor);
    ({ context, page } = await openPage(suite.browser, server));
    await signInWithPassword(page, advisor);
  });

  afterAll(async () => {
    await context?.close();
    await rm(DATA_DIR, { recursive: true, force: true });
  });

  it('shows on the home page and a portfolio page how far the history has come', async () => {
    const progress = await api.get<ValuationProgress>('/valuation-progress');
    expect(progress.is_behind).toBe(true);
    const expected = `Valuing the history: through ${day(progress.valued_through ?? '')} of ${day(progress.due_date)}.`;

    await page.goto('/');
    await progressLine().waitFor();
    expect(await progressLine().locator('p').first().textContent()).toBe(expected);
    await expectNoSeriousA11yViolations(page, 'home while the history is valued');
    await saveScreenshot(page, 'home-history-being-valued');

    const list = await api.get<PortfolioListResponse>('/portfolios');
    const open = list.portfolios.find((portfolio) => portfolio.status !== 'INCOMPLETE');
    if (!open) throw new Error('The minimal scenario has no open account.');
    await page.goto(`/portfolio/${open.id}`);
    await page.getByRole('heading', { name: open.client_name }).waitFor();
    await progressLine().waitFor();
    expect(await progressLine().locator('p').first().textContent()).toBe(expected);
    await expectNoSeriousA11yViolations(page, 'portfolio while the history is valued');
    await saveScreenshot(page, 'portfolio-history-being-valued');
  });

  it('says nothing more once the history is valued, and shows the valued figures', async () => {
    await page.goto('/');
    await progressLine().waitFor();
    await valueSeededHistory(
      { database: suite.server.database, ...stores() },
      seeded.historyThrough ?? '',
    );
    // The page asks again while behind and refreshes the list as the answer moves on.
    await progressLine().waitFor({ state: 'detached', ...VALUED_WAIT });
    expect((await api.get<ValuationProgress>('/valuation-progress')).is_behind).toBe(false);
    const list = await api.get<PortfolioListResponse>('/portfolios');
    const valued = list.portfolios.find((portfolio) => portfolio.current_holding !== null);
    if (!valued?.current_holding) throw new Error('No account was valued.');
    const nav = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      valued.current_holding.nav,
    );
    await page
      .getByRole('row')
      .filter({ hasText: valued.client_name })
      .filter({ hasText: nav })
      .waitFor();
  });
});
