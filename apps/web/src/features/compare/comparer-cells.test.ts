import type { BondSimulationAttributes, ComparerSummaryCell } from '@ballast/contract';
import { makeBondStrategyInput } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { bestCellKey, cellStrategy } from './comparer-cells.ts';

function cell(
  duration_placement: ComparerSummaryCell['duration_placement'],
  liquidity: ComparerSummaryCell['liquidity'],
  figures: Partial<BondSimulationAttributes>,
): ComparerSummaryCell {
  return {
    duration_placement,
    liquidity,
    attributes: {
      portfolio_yield: 3,
      tax_equivalent_yield: 4,
      after_tax_cash_flow: 30_000,
      avg_rating: 'AA',
      duration: 5,
      tax_loss_harvested_value: 0,
      liquidity: 70,
      asset_class_composition: {
        munis_national: 0,
        munis_in_state: 0,
        corporates: 0,
        treasuries: 0,
      },
      ...figures,
    },
  };
}

const grid = [
  cell('Short', 'H', { portfolio_yield: 2.9, duration: 2.4, liquidity: 95 }),
  cell('Intermediate', 'P', { portfolio_yield: 3.6, tax_equivalent_yield: 5.9 }),
  cell('Long', 'U', { portfolio_yield: 4.4, tax_equivalent_yield: 5.1, duration: 9 }),
];

describe('the best comparer cell', () => {
  it('follows the goal', () => {
    expect(bestCellKey(grid, 'yield')).toBe('Long-U');
    expect(bestCellKey(grid, 'tax_equivalent_yield')).toBe('Intermediate-P');
    expect(bestCellKey(grid, 'liquidity')).toBe('Short-H');
    expect(bestCellKey(grid, 'rate_shock')).toBe('Short-H');
  });

  it('is the first in grid order on a tie, and none in an empty grid', () => {
    const tied = [cell('Long', 'H', {}), cell('Short', 'U', {})];
    expect(bestCellKey(tied, 'yield')).toBe('Short-U');
    expect(bestCellKey([], 'yield')).toBeUndefined();
  });
});

describe("a cell's strategy", () => {
  it('keeps the assets and tax data and takes the cell’s band and liquidity (SPEC 10.1, 10.2)', () => {
    const base = makeBondStrategyInput();
    const strategy = cellStrategy(base, 'Long', 'P');
    expect(strategy.strategy.assets).toEqual(base.strategy.assets);
    expect(strategy.tax_data).toEqual(base.tax_data);
    expect(strategy.strategy.factors.duration).toEqual({ placement: 'Long', min: 7, max: 15 });
    expect(strategy.strategy.factors.liquidity).toEqual({ target: 'P', min: 60, max: 100 });
    expect(strategy.strategy.tax_options.tax_accounting_method).toBe('HIFO');
  });
});
