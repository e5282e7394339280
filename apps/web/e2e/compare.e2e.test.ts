import type {
  ComparerResponseItem,
  ComparerSummaryCell,
  PortfolioDetail,
  PortfolioListResponse,
  SimulationResponseItem,
  StrategyInput,
} from '@ballast/contract';
import {
  BondStrategyInputSchema,
  DURATION_PLACEMENTS,
  LIQUIDITY_CODES,
  StrategyInputSchema,
} from '@ballast/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparisonFromSearch } from '../src/features/compare/compare-address.ts';
import {
  bestCellKey,
  cellKey,
  LIQUIDITY_LABELS,
  PLACEMENT_LABELS,
} from '../src/features/compare/comparer-cells.ts';
import { compareRow, FIGURE_ROWS } from '../src/features/compare/figure-rows.ts';
import { formatPercent } from '../src/lib/format.ts';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { type ApiSession, demoUser, signInToApi } from './support/api.ts';
import { tabTo } from './support/keyboard.ts';
import { expectTitle, openPage, saveScreenshot, signInWithPassword } from './support/pages.ts';
import { serverAndBrowser } from './support/suite.ts';

/** Simulations on one engine thread, a comparer's nine cells included, on a shared machine. */
const ENGINE_WAIT_MS = 150_000;

describe('the compare screen', () => {
  // The browser suite's server runs no engine by default; this screen is all engine.
  const suite = serverAndBrowser({ seed: 'demo', env: { ENGINE_THREADS: '1' } });
  let api: ApiSession;
  let bond: PortfolioDetail;
  let token: PortfolioDetail;
  let context: BrowserContext;
  let page: Page;

  /** The strategy as a request carries it (the contract drops `created_at`). */
  function strategyOf(detail: PortfolioDetail): StrategyInput {
    return StrategyInputSchema.parse(detail.current_strategy);
  }

  /** What the api answers for a strategy: the same request names the same run. */
  async function simulated(strategy: StrategyInput): Promise<SimulationResponseItem> {
    const started = await api.send('POST', '/simulate-portfolio', {
      strategy,
      time_windows: ['today'],
    });
    const [item] = (await started.json()) as SimulationResponseItem[];
    if (!item?.simulation_result) throw new Error('the run the screen showed has no result');
    return item;
  }

  function heads() {
    return page.getByRole('list', { name: 'Compared strategies' }).getByRole('listitem');
  }

  function figureRow(label: string) {
    return page
      .getByRole('table', { name: 'Figures of the compared strategies' })
      .getByRole('row', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  }

  beforeAll(async () => {
    const advisor = demoUser(suite.server, 'ADVISOR');
    api = await signInToApi(suite.server, advisor);
    const list = await api.get<PortfolioListResponse>('/portfolios?status=IN-GOOD-ORDER');
    const bondItem = list.portfolios.find((item) => item.current_strategy_summary?.style === 'B');
    const tokenItem = list.portfolios.find(
      (item) => item.current_strategy_summary && item.current_strategy_summary.style !== 'B',
    );
    if (!bondItem || !tokenItem)
      throw new Error('the demo advisor lacks a bond or token portfolio');
    bond = await api.get<PortfolioDetail>(`/portfolios/${bondItem.id}`);
    token = await api.get<PortfolioDetail>(`/portfolios/${tokenItem.id}`);
    ({ context, page } = await openPage(suite.browser, suite.server));
    await signInWithPassword(page, advisor);
  });

  afterAll(async () => {
    await context?.close();
  });

  it(
    'compares three strategies: two portfolios and a new one, with the best of each row marked',
    async () => {
      await page.goto('/portfolio/compare');
      await expectTitle(page, 'Ballast');
      await page.getByText('Add two strategies to see them side by side').waitFor();

      for (const detail of [bond, token]) {
        await page.getByLabel('Portfolio', { exact: true }).selectOption(detail.id);
        await page.getByRole('button', { name: 'Add portfolio strategy' }).click();
      }
      await page.getByLabel('A new strategy from a style').check();
      await page.getByLabel('Style', { exact: true }).selectOption('B');
      await page.getByLabel('Duration', { exact: true }).selectOption({ label: 'Long' });
      await page.getByRole('button', { name: 'Add new strategy' }).click();

      await heads().nth(2).waitFor();
      expect(await heads().count()).toBe(3);
      for (let index = 0; index < 3; index += 1) {
        await heads()
          .nth(index)
          .getByText('Simulated for today')
          .waitFor({ timeout: ENGINE_WAIT_MS });
      }
      expect(await heads().nth(0).getAttribute('aria-label')).toBe(`A: ${bond.client_name}`);
      expect(await heads().nth(1).getAttribute('aria-label')).toBe(`B: ${token.client_name}`);

      // The address holds the comparison: the new strategy is written whole in it.
      const { comparison } = comparisonFromSearch(new URL(page.url()).searchParams);
      const built = comparison.sources[2];
      if (built?.kind !== 'strategy') throw new Error('the new strategy is not in the address');
      const newBond = BondStrategyInputSchema.parse(built.strategy);
      expect(newBond.strategy.factors.duration.placement).toBe('Long');

      const results = await Promise.all(
        [strategyOf(bond), strategyOf(token), newBond].map(
          async (strategy) => (await simulated(strategy)).simulation_result ?? undefined,
        ),
      );
      for (const key of ['portfolio_yield', 'rate_shock', 'volatility']) {
        const row = FIGURE_ROWS.find((item) => item.key === key);
        if (!row) throw new Error(key);
        const expected = compareRow(row, results);
        const cells = figureRow(row.label).getByRole('cell');
        for (const [index, cell] of expected.entries()) {
          const shown = cells.nth(index);
          expect(await shown.textContent(), `${row.label} ${index}`).toContain(cell.text);
          expect(await shown.getAttribute('data-best'), `${row.label} ${index} best`).toBe(
            cell.isBest ? 'true' : null,
          );
        }
      }
      // Two bond strategies of other placements: one of them yields the most.
      expect(await figureRow('Portfolio yield').locator('[data-best]').count()).toBe(1);
      expect(await figureRow('Portfolio yield').getByRole('cell').nth(1).textContent()).toContain(
        '—',
      );

      await page.getByRole('button', { name: 'Show Rate shock as table' }).click();
      const shockTable = page.getByRole('region', { name: 'Rate shock data' });
      await shockTable.waitFor();
      const bondShock = results[0];
      const plusOne =
        bondShock && 'rate_change_sensitivity' in bondShock
          ? bondShock.rate_change_sensitivity.find((point) => point.rate_change_bps === 100)
          : undefined;
      if (!plusOne) throw new Error('the bond result has no +100 bp shock');
      expect(
        await shockTable.getByRole('row', { name: /^\+1%/ }).getByRole('cell').nth(1).textContent(),
      ).toBe(formatPercent(plusOne.value_change));
      await page.getByRole('button', { name: 'Show Rate shock chart' }).click();

      await expectNoSeriousA11yViolations(page, 'compare, three strategies');
      await saveScreenshot(page, 'compare-three-1280');
      await page.setViewportSize({ width: 768, height: 1000 });
      await saveScreenshot(page, 'compare-three-768');
      await page.setViewportSize({ width: 1280, height: 900 });

      // The link restores it: a fresh tab on the same address shows the same three columns.
      const restored = await context.newPage();
      await restored.goto(page.url());
      const restoredHeads = restored
        .getByRole('list', { name: 'Compared strategies' })
        .getByRole('listitem');
      // The third column is named once the styles are read.
      await restored
        .getByRole('listitem', { name: 'C: New fixed income strategy' })
        .waitFor({ timeout: ENGINE_WAIT_MS });
      expect(await restoredHeads.count()).toBe(3);
      await restoredHeads.nth(2).getByText('Simulated for today').waitFor();
      await restored.close();
    },
    4 * ENGINE_WAIT_MS,
  );

  it(
    'runs the comparer on a bond strategy: nine cells, the best for a goal, a cell opens in Build',
    async () => {
      await page.goto(
        `/portfolio/compare?s=portfolio:${bond.id}&s=portfolio:${token.id}&goal=yield`,
      );
      await heads().nth(0).getByText('Simulated for today').waitFor({ timeout: ENGINE_WAIT_MS });
      // By keyboard, as the rest of this comparer's use.
      await tabTo(page.getByRole('button', { name: 'Run the comparer on A' }));
      await page.keyboard.press('Enter');
      expect(new URL(page.url()).searchParams.get('comparer')).toBe('0');

      const grid = page.getByRole('table', { name: /^Comparer grid/ });
      await grid.waitFor({ timeout: ENGINE_WAIT_MS });

      const base = BondStrategyInputSchema.parse(strategyOf(bond));
      const started = await api.send('POST', '/run-comparer', {
        strategy: {
          style: 'B',
          strategy: { assets: base.strategy.assets },
          tax_data: base.tax_data,
        },
        time_windows: ['today'],
      });
      const [run] = (await started.json()) as ComparerResponseItem[];
      const cells: ComparerSummaryCell[] = run?.comparer_summary ?? [];
      if (!run?.comparer_summary)
        throw new Error('the comparison the screen showed has no summary');

      for (const placement of DURATION_PLACEMENTS) {
        for (const liquidity of LIQUIDITY_CODES) {
          const name = `${PLACEMENT_LABELS[placement]}, ${LIQUIDITY_LABELS[liquidity]}`;
          const shown = grid.getByRole('region', { name, exact: true });
          const cell = cells.find(
            (item) => item.duration_placement === placement && item.liquidity === liquidity,
          );
          if (cell) {
            expect(
              await shown.getByText(formatPercent(cell.attributes.portfolio_yield)).count(),
              name,
            ).toBeGreaterThan(0);
            const href = await shown
              .getByRole('link', { name: `Open in Build: ${name}` })
              .getAttribute('href');
            const opened = new URL(href ?? '', suite.server.url);
            expect(opened.pathname).toBe('/portfolio/build');
            // In Build's own address: the style and each option's field.
            expect(opened.searchParams.get('style')).toBe('B');
            expect(opened.searchParams.get('strategy.factors.duration.placement')).toBe(placement);
            expect(opened.searchParams.get('strategy.factors.liquidity.target')).toBe(liquidity);
          } else {
            await shown.getByText('Not built').waitFor();
            // The engine's own sentence, once the cell has been simulated alone.
            await expect
              .poll(async () => shown.textContent(), { timeout: ENGINE_WAIT_MS })
              .not.toContain('Asking the engine why');
          }
        }
      }
      expect(await grid.getByRole('region').count()).toBe(9);

      const bestFor = async (goal: 'yield' | 'liquidity') => {
        const key = bestCellKey(cells, goal);
        const best = grid.locator('[data-best]');
        await expect.poll(() => best.count(), { timeout: 10_000 }).toBe(key ? 1 : 0);
        if (!key) return;
        const [placement, liquidity] = key.split('-') as [
          (typeof DURATION_PLACEMENTS)[number],
          (typeof LIQUIDITY_CODES)[number],
        ];
        // The grid draws the goal the address now names a moment after it changes.
        await expect
          .poll(() => best.getAttribute('aria-label'), { timeout: 10_000 })
          .toBe(`${PLACEMENT_LABELS[placement]}, ${LIQUIDITY_LABELS[liquidity]}`);
        expect(cellKey(placement, liquidity)).toBe(key);
      };
      await bestFor('yield');
      await expectNoSeriousA11yViolations(page, 'compare, comparer grid');
      await saveScreenshot(page, 'compare-comparer-1280');
      await page.setViewportSize({ width: 768, height: 1000 });
      await saveScreenshot(page, 'compare-comparer-768');
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.getByLabel('Best cell for').selectOption('liquidity');
      await page.waitForURL((url) => url.searchParams.get('goal') === 'liquidity');
      await bestFor('liquidity');

      // The best cell opens in Build from the keyboard, with its strategy loaded.
      const best = grid.locator('[data-best]');
      const bestName = await best.getAttribute('aria-label');
      await tabTo(best.getByRole('link', { name: `Open in Build: ${bestName}` }));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/portfolio/build');
      await page
        .getByRole('region', { name: 'Simulated results' })
        .getByText(/^(Simulated\.|The style’s default strategy, simulated\.)$/)
        .waitFor({ timeout: ENGINE_WAIT_MS });
    },
    4 * ENGINE_WAIT_MS,
  );
});
