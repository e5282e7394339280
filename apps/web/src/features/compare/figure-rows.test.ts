import type { BondSimulationResult, SimulationResult } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { bestMeansOf, compareRow, FIGURE_ROWS, rowsFor } from './figure-rows.ts';

function history(totalReturn: number, volatility: number): SimulationResult {
  return {
    timeframe: 'today',
    balance: { data: [], balance: 1_000_000, total_gain_loss: 0, total_gain_loss_perc: 0 },
    relative_performance: { data: [], cumulative_relative_performance: 0 },
    tax_loss_harvesting: { monthly: [], yearly: [] },
    performance_stats: {
      total_return: totalReturn,
      excess_return: 0,
      annualized_return: 0,
      turnover: 0,
      volatility,
      sharp_ratio: 0,
    },
    holdings: {},
    attributes: { consensus_mechanism: {}, market_capitalization: {}, sector: {}, volume: {} },
  };
}

function bondResult(figures: {
  yield: number;
  rating: string;
  duration: number;
  shock: number;
}): BondSimulationResult {
  const universe = {
    duration: 0,
    instrument_yield: 0,
    liquidity: 0,
    sel: true,
    fed_tax_exempt: false,
    state_tax_exempt_rate: 0,
    tax_equivalent_yield: 0,
  };
  return {
    timeframe: 'today',
    attributes: {
      portfolio_yield: figures.yield,
      tax_equivalent_yield: figures.yield * 1.5,
      after_tax_cash_flow: 30_000,
      avg_rating: figures.rating,
      duration: figures.duration,
      tax_loss_harvested_value: 0,
      liquidity: 80,
      asset_class_composition: {
        munis_national: 0,
        munis_in_state: 0,
        corporates: 0,
        treasuries: 0,
      },
    },
    investable_universe: {
      munis_national: universe,
      munis_in_state: universe,
      corporates: universe,
      treasuries: universe,
    },
    ratings_exposure: { AAA: 0, AA: 0, A: 0, BBB: 0 },
    sector_exposure: {},
    duration_exposure: { three_or_less: 0, three_to_seven: 0, seven_to_ten: 0, ten_or_more: 0 },
    rate_change_sensitivity: [
      { rate_change_bps: -100, value_change: -figures.shock },
      { rate_change_bps: 100, value_change: figures.shock },
    ],
    tax_cash_flows: { years: [], cash_flows: [], taxes: [] },
    tax_loss_value: 0,
    tax_rates: { aggregate: 0, federal: 0, state: 0 },
    backtest: history(5, 3),
  };
}

const row = (key: string) => {
  const found = FIGURE_ROWS.find((item) => item.key === key);
  if (!found) throw new Error(`no row ${key}`);
  return found;
};

describe('the best of a row', () => {
  const short = bondResult({ yield: 3.1, rating: 'AA', duration: 2.5, shock: -2.4 });
  const long = bondResult({ yield: 4.2, rating: 'A-', duration: 9.1, shock: -8.7 });

  it('is the highest yield', () => {
    expect(compareRow(row('portfolio_yield'), [short, long]).map((cell) => cell.isBest)).toEqual([
      false,
      true,
    ]);
  });

  it('is the smallest loss when rates rise, the value change at +1%', () => {
    const cells = compareRow(row('rate_shock'), [short, long]);
    expect(cells.map((cell) => [cell.text, cell.isBest])).toEqual([
      ['-2.40%', true],
      ['-8.70%', false],
    ]);
  });

  it('is the highest credit quality, by notch and not by letters', () => {
    const cells = compareRow(row('avg_rating'), [long, short]);
    expect(cells.map((cell) => [cell.text, cell.isBest])).toEqual([
      ['A-', false],
      ['AA', true],
    ]);
  });

  it('is the lowest volatility', () => {
    const calm = history(4, 2);
    const wild = history(9, 40);
    expect(compareRow(row('volatility'), [wild, calm]).map((cell) => cell.isBest)).toEqual([
      false,
      true,
    ]);
    expect(compareRow(row('total_return'), [wild, calm]).map((cell) => cell.isBest)).toEqual([
      true,
      false,
    ]);
  });

  it('marks every column that ties for the best, and none when all are alike', () => {
    const again = bondResult({ yield: 4.2, rating: 'AA', duration: 3, shock: -3 });
    expect(
      compareRow(row('portfolio_yield'), [short, long, again]).map((cell) => cell.isBest),
    ).toEqual([false, true, true]);
    expect(compareRow(row('portfolio_yield'), [long, again]).map((cell) => cell.isBest)).toEqual([
      false,
      false,
    ]);
  });

  it('ties figures that read alike on screen', () => {
    const a = bondResult({ yield: 3.1001, rating: 'AA', duration: 3, shock: -3 });
    const b = bondResult({ yield: 3.1004, rating: 'AA', duration: 3, shock: -3 });
    expect(compareRow(row('portfolio_yield'), [a, b]).map((cell) => cell.isBest)).toEqual([
      false,
      false,
    ]);
  });

  it('marks none where neither way is better, as for duration', () => {
    expect(compareRow(row('duration'), [short, long]).some((cell) => cell.isBest)).toBe(false);
  });

  it('needs two strategies with the figure: a token strategy has no yield', () => {
    const token = history(7, 30);
    const cells = compareRow(row('portfolio_yield'), [short, token]);
    expect(cells.map((cell) => [cell.text, cell.isBest])).toEqual([
      ['3.10%', false],
      ['—', false],
    ]);
  });
});

describe('dollar figures', () => {
  /** A history that starts from `start` dollars and gains `gain`. */
  function grown(start: number, gain: number): SimulationResult {
    const result = history((gain / start) * 100, 10);
    result.balance = {
      data: [],
      balance: start + gain,
      total_gain_loss: gain,
      total_gain_loss_perc: (gain / start) * 100,
    };
    return result;
  }

  it('have no best when the strategies start from different amounts', () => {
    // $1,000,000 growing 5 % ends at $1,050,000; $2,000,000 growing 2 % ends at $2,040,000.
    // The larger ending balance says only that more was invested; the return of 5 % is better.
    const small = grown(1_000_000, 50_000);
    const large = grown(2_000_000, 40_000);
    const balance = row('balance');
    expect(compareRow(balance, [small, large]).map((cell) => [cell.text, cell.isBest])).toEqual([
      ['$1,050,000', false],
      ['$2,040,000', false],
    ]);
    expect(bestMeansOf(balance, [small, large])).toBe(
      'no best: the strategies start from different amounts (compare their returns)',
    );
    expect(compareRow(row('total_return'), [small, large]).map((cell) => cell.isBest)).toEqual([
      true,
      false,
    ]);
  });

  it('have a best when the strategies start alike', () => {
    const better = grown(1_000_000, 50_000);
    const worse = grown(1_000_000, 20_000);
    const balance = row('balance');
    expect(compareRow(balance, [worse, better]).map((cell) => cell.isBest)).toEqual([false, true]);
    expect(bestMeansOf(balance, [worse, better])).toBe('largest ending balance');
  });
});

describe('differences', () => {
  it('are the figures that read otherwise than the first column', () => {
    const a = bondResult({ yield: 3.1, rating: 'AA', duration: 3, shock: -3 });
    const b = bondResult({ yield: 3.1, rating: 'AA', duration: 3, shock: -3 });
    const c = bondResult({ yield: 3.5, rating: 'AA', duration: 3, shock: -3 });
    expect(compareRow(row('portfolio_yield'), [a, b, c]).map((cell) => cell.differs)).toEqual([
      false,
      false,
      true,
    ]);
  });
});

describe('the rows shown', () => {
  it('are those at least one strategy has a figure for', () => {
    const keys = rowsFor([history(1, 1), undefined]).map((item) => item.key);
    expect(keys).toContain('volatility');
    expect(keys).not.toContain('portfolio_yield');
  });
});
