import {
  type BondStrategyInput,
  type ComparerStrategy,
  type ComparerSummaryCell,
  comparerCellStrategy,
  DURATION_PLACEMENTS,
  type DurationPlacement,
  LIQUIDITY_CODES,
  type LiquidityCode,
} from '@ballast/contract';
import type { ComparerGoal } from './compare-address.ts';

export const PLACEMENT_LABELS: Record<DurationPlacement, string> = {
  Short: 'Short',
  Intermediate: 'Intermediate',
  Long: 'Long',
};

export const LIQUIDITY_LABELS: Record<LiquidityCode, string> = {
  H: 'High (H)',
  P: 'Partial (P)',
  U: 'Unconstrained (U)',
};

export const GOALS: Record<ComparerGoal, { label: string; means: string }> = {
  yield: { label: 'Yield', means: 'the highest portfolio yield' },
  tax_equivalent_yield: {
    label: 'Tax-equivalent yield',
    means: 'the highest tax-equivalent yield',
  },
  liquidity: { label: 'Liquidity', means: 'the highest liquidity score' },
  rate_shock: {
    label: 'Lowest rate shock',
    // A cell reports its attributes only; a bond portfolio's value moves with rates by about
    // its duration, so the shortest duration is the smallest shock.
    means: 'the shortest duration, whose value moves least when rates change',
  },
};

/** The score of a cell for a goal: the higher, the better. */
function score(cell: ComparerSummaryCell, goal: ComparerGoal): number {
  const { attributes } = cell;
  switch (goal) {
    case 'yield':
      return attributes.portfolio_yield;
    case 'tax_equivalent_yield':
      return attributes.tax_equivalent_yield;
    case 'liquidity':
      return attributes.liquidity;
    case 'rate_shock':
      return -attributes.duration;
  }
}

export function cellKey(placement: DurationPlacement, liquidity: LiquidityCode): string {
  return `${placement}-${liquidity}`;
}

/** The best cell for a goal, the first in grid order on a tie; undefined for an empty grid. */
export function bestCellKey(
  cells: readonly ComparerSummaryCell[],
  goal: ComparerGoal,
): string | undefined {
  let best: ComparerSummaryCell | undefined;
  for (const placement of DURATION_PLACEMENTS) {
    for (const liquidity of LIQUIDITY_CODES) {
      const cell = cells.find(
        (item) => item.duration_placement === placement && item.liquidity === liquidity,
      );
      if (cell && (!best || score(cell, goal) > score(best, goal))) best = cell;
    }
  }
  return best && cellKey(best.duration_placement, best.liquidity);
}

/** What the comparer is asked about a bond strategy: its assets and tax data (product §3). */
export function comparerStrategyOf(strategy: BondStrategyInput): ComparerStrategy {
  return {
    style: 'B',
    strategy: { assets: strategy.strategy.assets },
    tax_data: strategy.tax_data,
  };
}

/**
 * The whole strategy one cell stands for (SPEC 10.1, 10.2): the compared assets and tax data,
 * the placement's whole duration band, the cell's liquidity over 60-100, the house's default
 * credit factor, no exclusions and harvesting by HIFO. It is what a cell opens in Build, and
 * what is simulated to learn why a cell the engine left out could not be built.
 */
export function cellStrategy(
  strategy: BondStrategyInput,
  placement: DurationPlacement,
  liquidity: LiquidityCode,
): BondStrategyInput {
  return {
    style: 'B',
    strategy: comparerCellStrategy(strategy.strategy.assets, { placement, liquidity }),
    tax_data: strategy.tax_data,
  };
}
