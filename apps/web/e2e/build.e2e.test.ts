import {
  type Action,
  MAX_ALLOCATION_SUM_TOO_SMALL,
  type PortfolioDetail,
  type PortfolioListResponse,
  type SimulationResponseItem,
  type StrategyStyleInfo,
} from '@ballast/contract';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparisonFromSearch } from '../src/features/compare/compare-address.ts';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { type ApiSession, demoUser, signInToApi } from './support/api.ts';
import { tabTo } from './support/keyboard.ts';
import { openPage, saveScreenshot, signInWithPassword, waitForFocus } from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

const isSimulate = (response: Response) =>
  response.url().endsWith('/api/simulate-portfolio') && response.request().method() === 'POST';

/** Desktop and tablet screenshots of the page as it is now. */
async function screenshots(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, `build-${name}-1280`);
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, `build-${name}-768`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

// Full-page screenshots of a long results page take a while on a shared machine.
const SLOW_TEST_MS = 180_000;

describe('the build screen', () => {
  // The engine runs in the server's process, as `npm start` runs it.
  const suite = serverAndBrowser({ seed: 'minimal', env: { ENGINE_THREADS: '1' } });
  let advisor: ApiSession;
  let styles: StrategyStyleInfo[];
  let context: BrowserContext;
  let page: Page;

  const results = () => page.getByRole('region', { name: 'Simulated results' });
  const options = () => page.getByRole('region', { name: 'Strategy options' });
  const status = () => results().getByRole('status').first();

  /** Waits until the run the screen asked for last is shown, current and not dimmed. */
  async function waitForCurrentResults(): Promise<void> {
    await page.waitForFunction(() => {
      const region = document.querySelector('[aria-label="Simulated results"]');
      const text = region?.querySelector('[role="status"]')?.textContent ?? '';
      return (
        (text === 'Simulated.' || text.includes('default strategy, simulated')) &&
        region?.querySelector('[aria-busy="true"]') === null
      );
    });
  }

  /** Picks one of an option's choices drawn as buttons side by side, as a mouse would. */
  async function choose(option: string, choice: string): Promise<void> {
    await options()
      .getByRole('group', { name: option, exact: true })
      .locator('label', { hasText: choice })
      .click();
  }

  /** Changes an option and waits for the run it causes, answering that run's hash. */
  async function runAfter(change: () => Promise<void>): Promise<string> {
    const posted = page.waitForResponse(isSimulate);
    await change();
    const [item] = (await (await posted).json()) as SimulationResponseItem[];
    if (!item) throw new Error('the simulation was not started');
    return item.simulation_hash;
  }

  beforeAll(async () => {
    const user = demoUser(suite.server, 'ADVISOR');
    advisor = await signInToApi(suite.server, user);
    styles = await advisor.get<StrategyStyleInfo[]>('/strategy-styles');
    ({ context, page } = await openPage(suite.browser, suite.server));
    await signInWithPassword(page, user);
  });

  afterAll(async () => {
    await context?.close();
  });

  it(
    'shows the default results of each style before a run, and a run of each after a change',
    async () => {
      await page.goto('/portfolio/build');
      expect(await page.title()).toBe('Ballast');
      expect(styles.map((style) => style.name).sort()).toEqual(['A', 'B', 'D', 'F']);
      for (const style of styles) {
        await page.getByRole('radio', { name: style.summary }).check();
        await page.waitForURL((url) => url.searchParams.get('style') === style.name);
        await waitForCurrentResults();
        const figure = style.name === 'B' ? 'Portfolio yield' : 'Total return';
        await results().getByText(figure, { exact: true }).first().waitFor();
        if (style.name === 'B') {
          await screenshots(page, 'style-B-default');
          await expectNoSeriousA11yViolations(page, 'build, bond style');
        }

        // A change the style offers: the bond's duration, a token strategy's rebalancing.
        const hash = await runAfter(async () => {
          if (style.name === 'B') {
            await choose('Duration', 'Long');
          } else {
            const rebalancing = options().getByRole('group', { name: 'Rebalancing', exact: true });
            const choices = await rebalancing.locator('label').all();
            for (const choice of choices) {
              if (!(await choice.getByRole('radio').isChecked())) {
                await choice.click();
                break;
              }
            }
          }
        });
        await waitForCurrentResults();
        const [done] = await advisor.get<SimulationResponseItem[]>(
          `/simulation-results?simulation-hash=${hash}`,
        );
        expect(done?.simulation_result).not.toBeNull();
        await results().getByText(figure, { exact: true }).first().waitFor();
        await screenshots(page, `style-${style.name}-run`);
        if (style.name !== 'B')
          await expectNoSeriousA11yViolations(page, `build, style ${style.name}`);
      }
    },
    2 * SLOW_TEST_MS,
  );

  it(
    'applies product §5 as the advisor types, and runs nothing while a rule is broken',
    async () => {
      await page.goto('/portfolio/build?style=B');
      await waitForCurrentResults();
      let posts = 0;
      const count = (response: Response) => {
        if (isSimulate(response)) posts += 1;
      };
      page.on('response', count);
      const muni = options().getByRole('textbox', { name: 'Municipal bonds maximum' });
      await muni.fill('30');
      await options().getByText(MAX_ALLOCATION_SUM_TOO_SMALL).waitFor();
      await status().getByText('Fix the options marked to simulate this strategy.').waitFor();
      expect(await results().locator('[aria-busy="true"]').count()).toBe(1);
      await screenshots(page, 'rule-broken');
      page.off('response', count);
      expect(posts).toBe(0);
    },
    SLOW_TEST_MS,
  );

  it(
    'explains an infeasible strategy with the engine’s reason, beside the options, and keeps it on reload',
    async () => {
      await page.goto('/portfolio/build?style=B');
      await waitForCurrentResults();
      const hash = await runAfter(() =>
        options().getByRole('textbox', { name: 'Liquidity minimum' }).fill('99'),
      );
      const alert = options().getByRole('alert').filter({ hasText: 'cannot build this strategy' });
      await alert.waitFor();
      const failed = await advisor.send('GET', `/simulation-results?simulation-hash=${hash}`);
      expect(failed.status).toBe(409);
      const detail = ((await failed.json()) as { errors: { detail: string }[] }).errors[0]?.detail;
      const reason = detail?.replace(`The simulation ${hash} failed: `, '') ?? '';
      expect(reason).toMatch(/eligible bond/);
      expect(await alert.textContent()).toContain(reason);
      // The section of the option the reason names is marked beside it.
      await options()
        .getByRole('region', { name: 'Liquidity Named in the engine’s reason' })
        .waitFor();
      // The last results stay, dimmed, under the explanation.
      expect(await results().locator('[aria-busy="true"]').count()).toBe(1);
      await screenshots(page, 'infeasible');
      await expectNoSeriousA11yViolations(page, 'build, infeasible strategy');

      expect(new URL(page.url()).searchParams.get('strategy.factors.liquidity.min')).toBe('99');
      await page.reload();
      await options().getByRole('alert').filter({ hasText: reason }).waitFor();
      expect(await options().getByRole('textbox', { name: 'Liquidity minimum' }).inputValue()).toBe(
        '99',
      );
    },
    SLOW_TEST_MS,
  );

  it(
    'keeps a strategy for a new account in the address and this browser',
    async () => {
      await page.goto('/portfolio/build?style=B');
      await waitForCurrentResults();
      await runAfter(() => choose('Duration', 'Short'));
      await waitForCurrentResults();
      await results().getByRole('button', { name: 'Save for a new account' }).click();
      await results()
        .getByText(/opening a new account will start from this strategy/)
        .waitFor();
      const saved = await page.evaluate(() => localStorage.getItem('ballast.new-account-strategy'));
      expect(JSON.parse(saved ?? '{}')).toMatchObject({
        strategy: { style: 'B', strategy: { factors: { duration: { placement: 'Short' } } } },
      });
      await page.goto('/portfolio/build');
      // The page writes its default build into the address once its form has loaded.
      await page.waitForURL((url) => url.searchParams.get('style') === 'B');
      await page.getByRole('link', { name: 'Open the saved strategy' }).click();
      await page.waitForURL(
        (url) => url.searchParams.get('strategy.factors.duration.placement') === 'Short',
      );
      await options()
        .getByRole('radio', { name: 'Short', checked: true })
        .waitFor({ state: 'attached' });
      await waitForCurrentResults();
    },
    SLOW_TEST_MS,
  );

  it(
    'from a portfolio: Change strategy opens its strategy, and the change is requested',
    async () => {
      const list = await advisor.get<PortfolioListResponse>('/portfolios?status=IN-GOOD-ORDER');
      const detail = await advisor.get<PortfolioDetail>(`/portfolios/${list.portfolios[0]?.id}`);
      const current = detail.current_strategy;
      if (current?.style !== 'B') throw new Error('the seeded portfolio has no bond strategy');
      await page.goto(`/portfolio/${detail.id}`);
      const change = page.getByRole('link', { name: 'Change strategy' });
      await change.focus();
      await waitForFocus(change);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/portfolio/build');
      await page.getByText(`Changing the strategy of ${detail.client_name}`).waitFor();
      const placement = current.strategy.factors.duration.placement;
      expect(await options().getByRole('radio', { name: placement }).isChecked()).toBe(true);
      const request = results().getByRole('button', { name: 'Request this strategy change' });
      expect(await request.isDisabled()).toBe(true);
      await results().getByText('This is the portfolio’s current strategy.').waitFor();

      const other = placement === 'Short' ? 'Intermediate' : 'Short';
      await runAfter(() => choose('Duration', other));
      await waitForCurrentResults();
      const impact = page.getByRole('region', { name: 'The change, before it is requested' });
      const yieldRow = impact.getByRole('row', { name: /^Portfolio yield/ });
      await yieldRow.waitFor();
      expect(await yieldRow.getByRole('cell').allTextContents()).toHaveLength(2);
      await impact.getByText('Positions sold').waitFor();
      await screenshots(page, 'portfolio-change');
      await expectNoSeriousA11yViolations(page, 'build, strategy change');
      await request.click();
      const created = results()
        .getByRole('status')
        .filter({ hasText: 'Strategy change requested' });
      await created.waitFor();
      const actions = await advisor.get<Action[]>(`/portfolios/${detail.id}/actions`);
      const action = actions.filter((item) => item.action_type === 'UPDATE-STRATEGY').at(-1);
      expect(action?.action_payload).toMatchObject({
        style: 'B',
        strategy: { factors: { duration: { placement: other } } },
        tax_data: current.tax_data,
      });
      expect(await created.textContent()).toContain(action?.state ?? 'no action');
      await screenshots(page, 'portfolio-requested');

      await created.getByRole('link', { name: 'See the request on the portfolio' }).click();
      await page.getByRole('heading', { level: 1, name: detail.client_name }).waitFor();
      await page.getByRole('list', { name: 'Requests' }).waitFor();
    },
    SLOW_TEST_MS,
  );
  it(
    'by keyboard alone: from a portfolio, a changed duration compared with the current strategy',
    async () => {
      const list = await advisor.get<PortfolioListResponse>('/portfolios?status=IN-GOOD-ORDER');
      const item = list.portfolios.find((each) => each.current_strategy_summary?.style === 'B');
      const detail = await advisor.get<PortfolioDetail>(`/portfolios/${item?.id}`);
      const current = detail.current_strategy;
      if (current?.style !== 'B') throw new Error('the seeded portfolio has no bond strategy');
      await page.goto(`/portfolio/build?portfolio=${detail.id}`);
      await waitForCurrentResults();

      // Tab reaches the duration's chosen placement; an arrow key moves to the next one.
      const placement = current.strategy.factors.duration.placement;
      const duration = options().getByRole('group', { name: 'Duration', exact: true });
      await tabTo(duration.getByRole('radio', { name: placement, checked: true }));
      await runAfter(() => page.keyboard.press('ArrowRight'));
      // The summary of each placement is its name.
      const chosen = await duration
        .getByRole('radio', { checked: true })
        .evaluate((radio) => radio.closest('label')?.textContent?.trim());
      expect(chosen).not.toBe(placement);
      await waitForCurrentResults();

      await tabTo(results().getByRole('link', { name: 'Compare' }));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/portfolio/compare');
      const { comparison } = comparisonFromSearch(new URL(page.url()).searchParams);
      const [first, second] = comparison.sources;
      expect(first).toEqual({ kind: 'portfolio', portfolioId: detail.id });
      if (second?.kind !== 'strategy' || second.strategy.style !== 'B')
        throw new Error('the built strategy did not reach Compare');
      expect(second.strategy.strategy.factors.duration.placement).toBe(chosen);

      const heads = page.getByRole('list', { name: 'Compared strategies' }).getByRole('listitem');
      // The compare screen's code and its columns load after the address changes.
      await heads.nth(1).waitFor();
      expect(await heads.count()).toBe(2);
      for (const index of [0, 1]) {
        await heads.nth(index).getByText('Simulated for today').waitFor({ timeout: SLOW_TEST_MS });
      }
      expect(await heads.nth(0).getAttribute('aria-label')).toBe(`A: ${detail.client_name}`);
      await expectNoSeriousA11yViolations(page, 'compare, carried over from build');
    },
    SLOW_TEST_MS,
  );
});
