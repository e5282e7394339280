/**
 * The comparer's nine cells and the whole strategy each stands for (engine SPEC 10.1, 10.2),
 * written once: the engine simulates it, and the screens open a cell in Build with it and
 * simulate a cell the engine left out to learn why.
 */
import { DURATION_RANGES } from '../constants.ts';
import {
  DURATION_PLACEMENTS,
  type DurationPlacement,
  LIQUIDITY_CODES,
  type LiquidityCode,
} from '../enums.ts';
import type { BondAssets, BondStrategy } from './bond-strategy.ts';

/**
 * What the comparer holds fixed in every cell: the house's default credit factor, a liquidity
 * range of 60-100 where liquidity is constrained, no exclusions, harvesting by HIFO.
 */
export const COMPARER_DEFAULTS = {
  credit: { credit_universe: 'A-', max_aa_pct: 100, max_a_pct: 40, max_bbb_pct: 0 },
  liquidityRange: { min: 60, max: 100 },
} as const;

export type ComparerCell = { placement: DurationPlacement; liquidity: LiquidityCode };

/** A bond strategy's constraints when it excludes nothing. */
export const NO_EXCLUSIONS: BondStrategy['constraints'] = {
  excluded_municipal_sectors: [],
  excluded_corporate_sectors: [],
  excluded_municipal_issuers: [],
  excluded_corporate_issuers: [],
};

/** The nine cells, placement by placement, in the order results list them. */
export const COMPARER_CELLS: readonly ComparerCell[] = DURATION_PLACEMENTS.flatMap((placement) =>
  LIQUIDITY_CODES.map((liquidity) => ({ placement, liquidity })),
);

/** The whole strategy a cell simulates: the compared assets with the cell's factors. */
export function comparerCellStrategy(assets: BondAssets, cell: ComparerCell): BondStrategy {
  const band = DURATION_RANGES[cell.placement];
  return {
    assets,
    factors: {
      duration: { placement: cell.placement, min: band.min, max: band.max },
      credit: { ...COMPARER_DEFAULTS.credit },
      liquidity: { target: cell.liquidity, ...COMPARER_DEFAULTS.liquidityRange },
    },
    constraints: { ...NO_EXCLUSIONS },
    tax_options: { tax_loss_harvest: true, tax_accounting_method: 'HIFO', total_tax_budget: null },
  };
}
