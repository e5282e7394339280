// Long on purpose: one stored engine result of each kind is read once and checked panel by
// panel, and the helpers that read its tables and CSV serve every panel's test.
import {
  BondSimulationResultSchema,
  CREDIT_UNIVERSE,
  type SimulationResult,
  SimulationResultSchema,
} from '@ballast/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatNumber,
  formatPercent,
  formatSignedPercent,
  formatUsd,
  formatYears,
  MISSING,
} from '../../lib/format.ts';
import bondJson from './fixtures/bond-result.json' with { type: 'json' };
import tokenJson from './fixtures/token-result.json' with { type: 'json' };
import {
  BondResults,
  headlineFigures,
  isBondResult,
  STALE_RESULTS_CLASS,
  TokenResults,
  tokenHeadlineFigures,
} from './index.ts';

// The engine's own answers (fixtures/README.md); parsing them keeps them in step with the wire.
const bond = BondSimulationResultSchema.parse(bondJson);
const token = SimulationResultSchema.parse(tokenJson);
const backtest = bond.backtest as SimulationResult;
const contributions = bond.contributions ?? [];

afterEach(cleanup);

const region = (name: string) => screen.getByRole('region', { name });

/** The figures of a description list, label to value, as a reader hears them. */
function figuresIn(container: HTMLElement): Map<string, string> {
  const figures = new Map<string, string>();
  for (const term of within(container).getAllByRole('term')) {
    const value = term.nextElementSibling;
    // A figure that opens its parts reads its value first, then the button's hidden hint.
    const shown = value?.querySelector('button')?.firstChild?.textContent ?? value?.textContent;
    figures.set(term.textContent ?? '', shown ?? '');
  }
  return figures;
}

/** What an explained figure's button shows: the figure as the headline formats it. */
function shown(figure: { name: string; total: number }): string {
  if (figure.name.startsWith('rate shock')) return formatSignedPercent(figure.total);
  if (figure.name === 'after-tax cash flow') return formatUsd(figure.total);
  if (figure.name === 'duration') return `${formatYears(figure.total)} yrs`;
  return formatPercent(figure.total);
}

const escaped = (text: string) => text.replace(/[$+.]/g, '\\$&');

/** The number in a formatted cell: "$1,234.56", "-0.1234%", "0.4749 yrs". */
function amount(text: string): number {
  return Number(text.replace(/[$,%]|yrs/g, '').trim());
}

/** The cells of one CSV line: a quoted cell may hold commas and doubled quotes (RFC 4180). */
function csvCells(line: string): string[] {
  const cells = [''];
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] as string;
    if (quoted && char === '"' && line[i + 1] === '"') {
      cells[cells.length - 1] += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === ',' && !quoted) {
      cells.push('');
    } else {
      cells[cells.length - 1] += char;
    }
  }
  return cells;
}

/** The headers of a table's columns after its row headers, the sort arrows left out. */
const columnHeaders = (table: HTMLElement) =>
  [...table.querySelectorAll('thead th')]
    .slice(1)
    .map((header) => header.textContent?.replace(/[↕▲▼]/g, '') ?? '');

/** A holdings row's cells by their column's header. */
function holdingCells(table: HTMLElement, cusip: string): Record<string, string> {
  const row = within(table).getByRole('rowheader', { name: cusip }).closest('tr');
  const cells = [...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent ?? '');
  return Object.fromEntries(columnHeaders(table).map((header, i) => [header, cells[i] ?? '']));
}

/** The reported classes as the holdings table names them. */
const ASSET_CLASSES: Record<string, string> = {
  munis_national: 'National munis',
  munis_in_state: 'In-state munis',
  corporates: 'Corporates',
  treasuries: 'Treasuries',
};

it('tells a bond result from a token one', () => {
  expect(isBondResult(bond)).toBe(true);
  expect(isBondResult(token)).toBe(false);
});

// A whole result, five years of daily balances drawn, renders in seconds in a simulated DOM; a
// machine busy with other work must not fail the tests on time.
const RENDER_TIME = { timeout: 30_000 };

describe('BondResults on an engine result', RENDER_TIME, () => {
  it('shows every headline figure as the result has it', () => {
    render(<BondResults result={bond} />);
    const { attributes } = bond;
    expect(Object.fromEntries(figuresIn(region('Portfolio at a glance')))).toEqual({
      'Portfolio yield': formatPercent(attributes.portfolio_yield),
      'Tax-equivalent yield': formatPercent(attributes.tax_equivalent_yield),
      'After-tax cash flow': formatUsd(attributes.after_tax_cash_flow),
      'Average rating': attributes.avg_rating,
      Duration: `${formatYears(attributes.duration)} yrs`,
      Liquidity: formatNumber(attributes.liquidity),
      'Tax saved by harvesting': formatUsd(attributes.tax_loss_harvested_value),
    });
    const shocks = figuresIn(region('Rate-change sensitivity'));
    expect([...shocks.values()]).toEqual(
      bond.rate_change_sensitivity.map((shift) => formatSignedPercent(shift.value_change)),
    );
    const taxes = figuresIn(region('Taxes'));
    expect(taxes.get('Aggregate rate')).toBe(formatPercent(bond.tax_rates.aggregate));
    expect(taxes.get('Federal rate')).toBe(formatPercent(bond.tax_rates.federal));
    expect(taxes.get('State rate')).toBe(formatPercent(bond.tax_rates.state));
    expect(taxes.get('Losses harvested')).toBe(formatUsd(bond.tax_loss_value));
  });

  it('gives the Compare page the same figures, formatted', () => {
    const figures = Object.fromEntries(
      headlineFigures(bond).map((figure) => [figure.key, figure.value]),
    );
    expect(figures.portfolio_yield).toBe(formatPercent(bond.attributes.portfolio_yield));
    expect(figures.avg_rating).toBe(bond.attributes.avg_rating);
    expect(figures['rate_change_+100']).toBe(
      formatSignedPercent(
        bond.rate_change_sensitivity.find((shift) => shift.rate_change_bps === 100)?.value_change,
      ),
    );
    expect(figures['rate_change_-300']).toBeDefined();
  });

  const explained = [
    { name: 'portfolio yield', total: bond.attributes.portfolio_yield, places: 4 },
    { name: 'tax-equivalent yield', total: bond.attributes.tax_equivalent_yield, places: 4 },
    { name: 'after-tax cash flow', total: bond.attributes.after_tax_cash_flow, places: 2 },
    { name: 'duration', total: bond.attributes.duration, places: 4 },
    ...bond.rate_change_sensitivity.map((shift) => ({
      name: `rate shock ${shift.rate_change_bps > 0 ? '+' : ''}${shift.rate_change_bps} bp`,
      total: shift.value_change,
      places: 4,
    })),
  ];
  for (const figure of explained) {
    it(`opens the ${figure.name} into parts that add up to it`, async () => {
      const user = userEvent.setup();
      render(<BondResults result={bond} />);
      await user.click(
        screen.getByRole('button', {
          name: new RegExp(
            `^${escaped(shown(figure))}.*what makes up the ${escaped(figure.name)}$`,
          ),
        }),
      );
      const dialog = screen.getByRole('dialog', { name: `What makes up the ${figure.name}` });
      const table = within(dialog).getByRole('table');
      const [body, foot] = [table.querySelector('tbody'), table.querySelector('tfoot')];
      const rows = [...(body?.querySelectorAll('tr') ?? [])];
      expect(rows.map((row) => row.querySelector('th')?.textContent).sort()).toEqual(
        contributions.map((part) => part.cusip).sort(),
      );
      const parts = rows.map((row) => amount(row.querySelectorAll('td')[1]?.textContent ?? ''));
      const scale = 10 ** figure.places;
      const sum = Math.round(parts.reduce((total, part) => total + part * scale, 0)) / scale;
      expect(sum).toBe(figure.total);
      expect(amount(foot?.querySelectorAll('td')[1]?.textContent ?? '')).toBe(figure.total);
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  }

  it('exports every holding the engine chose as CSV', async () => {
    const user = userEvent.setup();
    const files: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:holdings';
    });
    render(<BondResults result={bond} />);
    await user.click(within(region('Holdings')).getByRole('button', { name: 'Export CSV' }));
    createObjectURL.mockRestore();
    const [file] = files;
    if (!file) throw new Error('no file was offered');
    const [header, ...lines] = (await file.text()).split('\r\n');
    const headers = [
      'CUSIP',
      'Issuer',
      'Asset class',
      'Coupon',
      'Maturity',
      'Next call',
      'Rating',
      'Weight',
      'Yield to worst',
      'Tax-equivalent yield',
      'After-tax cash flow',
      'Duration (yrs)',
    ];
    expect(header).toBe(headers.join(','));
    const rows = lines.map(csvCells);
    expect(rows.map((row) => row[0]).sort()).toEqual(Object.keys(backtest.holdings).sort());
    // Issuers such as "Cedar Falls Economic Development Corp., CA" must stay one cell.
    expect(contributions.some((part) => part.issuer?.includes(','))).toBe(true);
    for (const part of contributions) {
      const cells = rows.find((row) => row[0] === part.cusip) ?? [];
      const row = Object.fromEntries(headers.map((name, i) => [name, cells[i]]));
      expect(row).toEqual({
        CUSIP: part.cusip,
        Issuer: part.issuer,
        // The label a reader knows, not the wire's key.
        'Asset class': ASSET_CLASSES[part.asset_class ?? ''],
        Coupon: String(part.coupon),
        Maturity: part.maturity,
        // An empty cell for a bond its issuer can no longer call.
        'Next call': part.next_call ?? '',
        Rating: part.rating,
        Weight: String(part.weight),
        // The bond's own figures at full precision, not its parts over its weight.
        'Yield to worst': String(part.yield_to_worst),
        'Tax-equivalent yield': String(part.bond_tax_equivalent_yield),
        'After-tax cash flow': String(part.after_tax_cash_flow),
        'Duration (yrs)': String(part.bond_duration),
      });
    }
    // The fixture has callable bonds and bonds that can no longer be called, of several classes.
    expect(new Set(contributions.map((part) => part.next_call === null))).toEqual(
      new Set([true, false]),
    );
    expect(new Set(contributions.map((part) => part.asset_class)).size).toBeGreaterThan(1);
  });

  it('names each holding’s bond: issuer, asset class, coupon, maturity, next call and rating', () => {
    render(<BondResults result={bond} />);
    const table = within(region('Holdings table')).getByRole('table');
    // A coupon in eighths of a percent, which two places would round.
    const part = contributions.find((entry) => entry.coupon === 4.375);
    if (!part) throw new Error('the fixture has no 4.375 % coupon');
    expect(holdingCells(table, part.cusip)).toMatchObject({
      Issuer: part.issuer,
      'Asset class': ASSET_CLASSES[part.asset_class ?? ''],
      Coupon: '4.375%',
      Maturity: formatDate(part.maturity),
      'Next call': formatDate(part.next_call),
      Rating: part.rating,
      Weight: formatPercent(part.weight),
    });
    const callable = contributions.find((entry) => entry.next_call);
    const uncallable = contributions.find((entry) => entry.next_call === null);
    if (!callable?.next_call || !uncallable) throw new Error('the fixture lacks a kind of call');
    // "Aug 25, 2033", say: a date as the other dates of the table read.
    expect(holdingCells(table, callable.cusip)['Next call']).toBe(formatDate(callable.next_call));
    expect(holdingCells(table, callable.cusip)['Next call']).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    expect(holdingCells(table, uncallable.cusip)['Next call']).toBe(MISSING);
  });

  it('shows each bond’s own yields and duration, not its parts over its weight', () => {
    render(<BondResults result={bond} />);
    const table = within(region('Holdings table')).getByRole('table');
    // A small position whose part over its weight, both rounded, reads a basis point off.
    const part = contributions.find(
      (entry) =>
        formatPercent(entry.yield_to_worst) !==
        formatPercent((entry.portfolio_yield * 100) / entry.weight),
    );
    if (!part) throw new Error('the fixture has no position a part over its weight misreads');
    expect(holdingCells(table, part.cusip)).toMatchObject({
      'Yield to worst': formatPercent(part.yield_to_worst),
      'Tax-equivalent yield': formatPercent(part.bond_tax_equivalent_yield),
      'Duration (yrs)': formatYears(part.bond_duration),
    });
    expect(within(region('Holdings')).queryByText(/over its weight/)).toBeNull();
  });

  it('shows a dash for the terms a result stored before the engine reported them lacks', () => {
    const stored = {
      ...bond,
      contributions: contributions.map(
        ({
          issuer,
          coupon,
          maturity,
          rating,
          next_call,
          asset_class,
          yield_to_worst,
          bond_tax_equivalent_yield,
          bond_duration,
          price,
          ...figures
        }) => figures,
      ),
    };
    render(<BondResults result={stored} />);
    const table = within(region('Holdings table')).getByRole('table');
    const part = contributions[0];
    if (!part) throw new Error('the fixture has no contributions');
    expect(holdingCells(table, part.cusip)).toMatchObject({
      Issuer: MISSING,
      'Asset class': MISSING,
      Coupon: MISSING,
      Maturity: MISSING,
      'Next call': MISSING,
      Rating: MISSING,
      Weight: formatPercent(part.weight),
      // Without its own figures a bond's yield is its part over its weight, and the table says so.
      'Yield to worst': formatPercent((part.portfolio_yield * 100) / part.weight),
      'Duration (yrs)': formatYears((part.duration * 100) / part.weight),
    });
    expect(within(region('Holdings')).getByText(/over its weight/)).toBeDefined();
  });

  it('sorts the ratings best notch first, not alphabetically', async () => {
    const user = userEvent.setup();
    render(<BondResults result={bond} />);
    const table = within(region('Holdings table')).getByRole('table');
    const column = columnHeaders(table).indexOf('Rating');
    const ratings = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelectorAll('td')[column]?.textContent ?? '');
    const notch = (rating: string) => (CREDIT_UNIVERSE as readonly string[]).indexOf(rating);
    const header = within(table).getByRole('button', { name: /Rating/ });
    await user.click(header);
    const ascending = ratings();
    expect(ascending).toEqual([...ascending].sort((a, b) => notch(a) - notch(b)));
    expect(ascending[0]).toBe('AAA');
    await user.click(header);
    expect(ratings()[0]).toBe(ascending.at(-1));
  });

  it('sorts the holdings by a column, ascending then descending', async () => {
    const user = userEvent.setup();
    render(<BondResults result={bond} />);
    const table = within(region('Holdings table')).getByRole('table');
    const firstCusip = () => within(table).getAllByRole('rowheader')[0]?.textContent;
    const bySize = [...contributions].sort((a, b) => b.weight - a.weight);
    expect(firstCusip()).toBe(bySize[0]?.cusip);
    const header = within(table).getByRole('button', { name: /Duration/ });
    const byDuration = [...contributions].sort(
      (a, b) => (a.bond_duration as number) - (b.bond_duration as number),
    );
    await user.click(header);
    expect(firstCusip()).toBe(byDuration[0]?.cusip);
    expect(header.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    await user.click(header);
    expect(firstCusip()).toBe(byDuration.at(-1)?.cusip);
    expect(header.closest('th')?.getAttribute('aria-sort')).toBe('descending');
  });

  it('lists the investable universe of each asset class', () => {
    render(<BondResults result={bond} />);
    const table = within(region('Investable universe')).getByRole('table');
    const corporates = within(table).getByRole('row', { name: /^Corporates/ });
    const { corporates: entry } = bond.investable_universe;
    expect(
      within(corporates)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      entry.sel ? 'Yes' : 'No',
      formatPercent(entry.instrument_yield),
      formatPercent(entry.tax_equivalent_yield),
      `${formatYears(entry.duration)} yrs`,
      formatNumber(entry.liquidity),
      entry.fed_tax_exempt ? 'Yes' : 'No',
      formatPercent(entry.state_tax_exempt_rate),
    ]);
  });

  // Nine tables, one of them the five years of daily balances, take longer still.
  it('has a table view for every chart', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    render(<BondResults result={bond} />);
    const toggles = screen.getAllByRole('button', { name: /^Show .* as table$/ });
    expect(toggles.map((toggle) => toggle.textContent)).toEqual([
      'Show Rate-change sensitivity as table',
      'Show Asset classes as table',
      'Show Ratings as table',
      'Show Sectors as table',
      'Show Duration buckets as table',
      'Show Tax cash flows as table',
      'Show Balance as table',
      'Show Relative performance as table',
      'Show Harvested losses by month as table',
    ]);
    for (const toggle of toggles) await user.click(toggle);
    const shocks = region('Rate-change sensitivity data');
    expect(within(shocks).getAllByRole('row')).toHaveLength(
      bond.rate_change_sensitivity.length + 1,
    );
    const years = region('Tax cash flows data');
    expect(within(years).getAllByRole('row')).toHaveLength(bond.tax_cash_flows.years.length + 1);
    const sectors = region('Sectors data');
    expect(within(sectors).getAllByRole('row')).toHaveLength(
      Object.keys(bond.sector_exposure).length + 1,
    );
    const balance = region('Balance data');
    expect(within(balance).getAllByRole('row')).toHaveLength(
      (backtest.balance.data[0]?.dates.length ?? 0) + 1,
    );
  });

  it('shows the backtest against the benchmark only when there is one', () => {
    const { backtest: _left, ...alone } = bond;
    render(<BondResults result={alone} />);
    expect(screen.queryByRole('region', { name: 'Balance against the benchmark' })).toBeNull();
    cleanup();
    render(<BondResults result={alone} backtest={backtest} />);
    const stats = figuresIn(region('Performance statistics'));
    expect(stats.get('Sharpe ratio')).toBe(formatNumber(backtest.performance_stats.sharp_ratio));
  });

  it('stays on screen, dimmed and busy, while a newer run is under way', () => {
    render(<BondResults result={bond} dimmed />);
    const results = region('Bond strategy results');
    expect(results.getAttribute('aria-busy')).toBe('true');
    expect(results.className).toContain(STALE_RESULTS_CLASS);
  });
});

describe('TokenResults on an engine result', RENDER_TIME, () => {
  it('shows the performance statistics as the result has them', () => {
    render(<TokenResults result={token} />);
    const stats = token.performance_stats;
    expect(Object.fromEntries(figuresIn(region('Performance statistics')))).toEqual({
      'Total return': formatPercent(stats.total_return),
      'Excess return': formatSignedPercent(stats.excess_return),
      'Annualised return': formatPercent(stats.annualized_return),
      Volatility: formatPercent(stats.volatility),
      'Sharpe ratio': formatNumber(stats.sharp_ratio),
      Turnover: formatPercent(stats.turnover),
    });
    const balance = figuresIn(region('Balance against the benchmark'));
    expect(balance.get('Ending balance')).toBe(formatUsd(token.balance.balance));
    expect(balance.get('Relative to benchmark')).toBe(
      formatSignedPercent(token.relative_performance.cumulative_relative_performance),
    );
  });

  it('lists harvested losses and tax savings by year, and staking income', () => {
    render(<TokenResults result={token} />);
    const harvest = within(region('Tax-loss harvesting')).getByRole('table');
    for (const year of token.tax_loss_harvesting.yearly) {
      const row = within(harvest).getByRole('row', { name: new RegExp(`^${year.year}`) });
      expect(
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual([formatUsd(year.losses), formatUsd(year.tax_savings)]);
    }
    const staking = within(region('Staking income')).getByRole('table');
    expect(within(staking).getAllByRole('row')).toHaveLength(
      (token.staking_income?.length ?? 0) + 2,
    );
  });

  it('leaves staking out when nothing is staked', () => {
    const { staking_income: _left, ...unstaked } = token;
    render(<TokenResults result={unstaked} />);
    expect(screen.queryByRole('region', { name: 'Staking income' })).toBeNull();
  });

  it('lists the holdings and the four attribute tables', async () => {
    const user = userEvent.setup();
    render(<TokenResults result={token} />);
    const holdings = within(region('Holdings')).getByRole('table');
    expect(within(holdings).getAllByRole('row')).toHaveLength(
      Object.keys(token.holdings).length + 1,
    );
    for (const title of ['Consensus mechanism', 'Market capitalisation', 'Sector', 'Volume']) {
      await user.click(screen.getByRole('button', { name: `Show ${title} as table` }));
    }
    const sectors = region('Sector data');
    expect(within(sectors).getAllByRole('row')).toHaveLength(
      Object.keys(token.attributes.sector).length + 1,
    );
  });

  it('gives the Compare page the same figures, formatted', () => {
    const figures = Object.fromEntries(
      tokenHeadlineFigures(token).map((figure) => [figure.key, figure.value]),
    );
    expect(figures.sharp_ratio).toBe(formatNumber(token.performance_stats.sharp_ratio));
    expect(figures.balance).toBe(formatUsd(token.balance.balance));
  });
});
