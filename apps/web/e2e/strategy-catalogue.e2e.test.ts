import type { StrategyCatalogueEntry, StrategyInput } from '@ballast/contract';
import { makeBondStrategyInput } from '@ballast/contract/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { type ApiSession, signInToApi } from './support/api.ts';
import {
  openPage,
  saveDialogScreenshot,
  saveScreenshot,
  signInWithPassword,
} from './support/pages.ts';
import type { TestUser } from './support/server.ts';
import { serverAndBrowser } from './support/suite.ts';

const SLOW_TEST_MS = 120_000;

/** JSON with its keys in order, so two strategies compare by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

describe('the strategy catalogue (decision 022)', () => {
  const suite = serverAndBrowser({ seed: 'none', env: { ENGINE_THREADS: '1' } });
  let context: BrowserContext | undefined;

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  /** A firm of its own, so its catalogue holds only what this test puts there. */
  async function firm(): Promise<{ cio: TestUser; advisor: TestUser }> {
    const firmId = await suite.server.createFirm();
    return {
      cio: await suite.server.createUser('CIO', { firmId }),
      advisor: await suite.server.createUser('ADVISOR', { firmId }),
    };
  }

  async function signedInPage(user: TestUser, path: string): Promise<Page> {
    const opened = await openPage(suite.browser, suite.server, '/auth/login');
    context = opened.context;
    await signInWithPassword(opened.page, user);
    await opened.page.goto(path);
    return opened.page;
  }

  async function catalogueOf(api: ApiSession): Promise<StrategyCatalogueEntry[]> {
    return api.get<StrategyCatalogueEntry[]>('/strategy-catalogue');
  }

  it(
    'lets the CIO put the strategy on the build screen into the catalogue as its style’s default',
    async () => {
      const { cio, advisor } = await firm();
      const page = await signedInPage(advisor, '/portfolio/build?style=B');
      await page.getByRole('button', { name: 'Open an account with it' }).waitFor();
      expect(await page.getByRole('button', { name: 'Add to the catalogue' }).count()).toBe(0);
      await context?.close();

      const cioPage = await signedInPage(cio, '/portfolio/build?style=B');
      const add = cioPage.getByRole('button', { name: 'Add to the catalogue' });
      await add.click();
      const dialog = cioPage.getByRole('dialog', { name: 'Add to the strategy catalogue' });
      await dialog.getByRole('button', { name: 'Save to the catalogue' }).click();
      await dialog.getByText('Give the strategy a name.').waitFor();
      await dialog.getByLabel('Name').fill('House municipal ladder');
      expect(await dialog.getByText('Give the strategy a name.').count()).toBe(0);
      await dialog.getByLabel('Product').fill('HML-1');
      await dialog.getByLabel('Description').fill('Our core tax-exempt ladder.');
      await dialog.getByLabel(/style’s default/).check();
      await expectNoSeriousA11yViolations(cioPage, 'build, add to the catalogue');
      await saveDialogScreenshot(dialog, 'catalogue-add-dialog');
      await dialog.getByRole('button', { name: 'Save to the catalogue' }).click();
      await cioPage
        .getByRole('status')
        .filter({ hasText: '“House municipal ladder” is in the catalogue as its style’s default.' })
        .waitFor();

      const api = await signInToApi(suite.server, cio);
      const [entry] = await catalogueOf(api);
      expect(entry).toMatchObject({
        name: 'House municipal ladder',
        product: 'HML-1',
        description: 'Our core tax-exempt ladder.',
        status: 'A',
        strategy_style: 'B',
        is_default: true,
      });
      expect(entry?.strategy.style).toBe('B');
    },
    SLOW_TEST_MS,
  );

  it(
    'starts a new account on the firm’s default and offers every active catalogue strategy',
    async () => {
      const { cio, advisor } = await firm();
      const keeper = await signInToApi(suite.server, cio);
      const entry = (name: string, strategy: StrategyInput, extra: object = {}) =>
        keeper.send('POST', '/strategy-catalogue', {
          name,
          product: '',
          description: `${name}, for tests.`,
          status: 'A',
          strategy,
          is_default: false,
          ...extra,
        });
      const house = makeBondStrategyInput({
        assets: { type: 'max_allocation', muni_max_pct: 80, corp_max_pct: 40, tsry_max_pct: 20 },
      });
      const short = makeBondStrategyInput({
        factors: {
          ...makeBondStrategyInput().strategy.factors,
          duration: { placement: 'Short', min: 2, max: 3 },
        },
      });
      expect((await entry('House ladder', house, { is_default: true })).status).toBe(201);
      expect((await entry('Short ladder', short)).status).toBe(201);
      expect((await entry('Retired ladder', short, { status: 'I' })).status).toBe(201);

      const api = await signInToApi(suite.server, advisor);
      const created = await api.send('POST', '/portfolios', {});
      const { portfolio_id: id } = (await created.json()) as { portfolio_id: string };
      const page = await signedInPage(advisor, '/');
      const saved = (strategy: StrategyInput) =>
        page.waitForResponse(
          (response) =>
            response.url().endsWith(`/portfolios/${id}/inputs`) &&
            response.request().method() === 'PATCH' &&
            canonical((response.request().postDataJSON() as { strategy?: unknown }).strategy) ===
              canonical(strategy) &&
            response.ok(),
        );
      // Waited for from before the step opens: its first save may follow the page at once.
      const savedHouse = saved(house);
      await page.goto(`/onboarding/${id}/strategy`);
      await savedHouse;
      const picker = page.getByLabel('Start from the firm’s catalogue');
      expect(await picker.locator('option').allTextContents()).toEqual([
        'House ladder · default',
        'Short ladder',
      ]);
      await expectNoSeriousA11yViolations(page, 'onboarding strategy from the catalogue');
      await saveScreenshot(page, 'onboarding-strategy-catalogue');

      await picker.selectOption({ label: 'Short ladder' });
      const savedShort = saved(short);
      await page.getByRole('button', { name: 'Use this strategy' }).click();
      await savedShort;
      const inputs = await api.get<{ strategy?: unknown }>(`/portfolios/${id}/inputs`);
      expect(inputs.strategy).toEqual(short);
    },
    SLOW_TEST_MS,
  );
  it(
    'lets the CIO name, retire and choose the default in the administration screen',
    async () => {
      const { cio } = await firm();
      const keeper = await signInToApi(suite.server, cio);
      const added = await keeper.send('POST', '/strategy-catalogue', {
        name: 'House ladder',
        product: 'HL-1',
        description: 'The firm’s core ladder.',
        status: 'A',
        strategy: makeBondStrategyInput(),
        is_default: true,
      });
      expect(added.status).toBe(201);

      const page = await signedInPage(cio, '/');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Administration' })
        .click();
      const nav = page.getByRole('navigation', { name: 'Administration' });
      await nav.getByRole('link', { name: 'Strategy catalogue' }).waitFor();
      expect(await nav.getByRole('link').allTextContents()).toEqual(['Strategy catalogue']);
      const table = page.getByRole('table', { name: "The firm's strategy catalogue" });
      await table.getByRole('rowheader', { name: /House ladder/ }).waitFor();
      await expectNoSeriousA11yViolations(page, 'administration, strategy catalogue');
      await saveScreenshot(page, 'administration-catalogue');

      await page.getByRole('button', { name: 'Edit House ladder' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit House ladder' });
      await dialog.getByLabel('Status').selectOption('I');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Only an active strategy can be the default for its style.').waitFor();
      await dialog.getByRole('checkbox').uncheck();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await table.getByRole('cell', { name: 'Inactive' }).waitFor();
      const [entry] = await keeper.get<StrategyCatalogueEntry[]>('/strategy-catalogue');
      expect(entry).toMatchObject({
        status: 'I',
        is_default: false,
        strategy: makeBondStrategyInput(),
      });
    },
    SLOW_TEST_MS,
  );
});
