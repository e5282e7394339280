import {
  type BondStrategy,
  type ComparerCell,
  type ComparerStrategy,
  type ComparerSummaryCell,
  comparerCellStrategy,
} from '@ballast/contract';
import type { Highs } from 'highs';
import type { EngineResult } from '../engine-result.ts';
import type { MarketData } from '../market/market-data.ts';
import {
  type Construction,
  constructBondPortfolio,
  type Universe,
  universeOf,
} from './construct-portfolio.ts';
import type { Candidate } from './eligible-bonds.ts';
import { simulateBondStrategy } from './simulate-bond-strategy.ts';

/** The whole strategy a cell simulates (SPEC 10.1): the comparer's assets with the cell's factors. */
export function cellStrategy(input: ComparerStrategy, cell: ComparerCell): BondStrategy {
  return comparerCellStrategy(input.strategy.assets, cell);
}

/** The bonds every cell of one comparer request chooses among, and those of its H cells. */
export type ComparerBonds = { all: Universe; liquid: Universe };

/**
 * The bonds of a comparer request, found once for its cells (SPEC 10.3). Eligibility and
 * screening depend on neither a cell's duration band nor, the range being the same in every
 * cell, its liquidity target, save that high liquidity (H) keeps only the bonds inside the
 * range (SPEC 7.2); screening groups bonds by their side of the range (SPEC 7.5), so those
 * groups of liquid bonds are the same either way.
 */
export function comparerBonds(market: MarketData, input: ComparerStrategy): ComparerBonds {
  const all = universeOf(
    market,
    cellStrategy(input, { placement: 'Intermediate', liquidity: 'U' }),
    input.tax_data,
  );
  const inRange = (candidate: Candidate) => candidate.liquid;
  return {
    all,
    liquid: { candidates: all.candidates.filter(inRange), screened: all.screened.filter(inRange) },
  };
}

/** The universe of one cell out of its request's bonds. */
export function cellUniverse(bonds: ComparerBonds, cell: ComparerCell): Universe {
  return cell.liquidity === 'H' ? bonds.liquid : bonds.all;
}

/**
 * One cell of the comparer (SPEC 10.2): the bond result's summary figures of the cell's
 * strategy, or why no portfolio can meet it; the grid goes without such a cell. It builds on
 * its request's bonds when the caller has them (SPEC 10.3); the benchmark alone passes another
 * construction.
 */
export function compareCell(
  highs: Highs,
  market: MarketData,
  input: ComparerStrategy,
  cell: ComparerCell,
  how: { bonds?: ComparerBonds; construct?: Construction } = {},
): EngineResult<ComparerSummaryCell> {
  const construct =
    how.construct ??
    ((...args: Parameters<Construction>) =>
      constructBondPortfolio(
        ...args,
        cellUniverse(how.bonds ?? comparerBonds(market, input), cell),
      ));
  const simulation = simulateBondStrategy(
    highs,
    market,
    { strategy: cellStrategy(input, cell), tax_data: input.tax_data },
    'today',
    construct,
  );
  if (!simulation.ok) return simulation;
  return {
    ok: true,
    value: {
      duration_placement: cell.placement,
      liquidity: cell.liquidity,
      attributes: simulation.value.bond.attributes,
    },
  };
}
