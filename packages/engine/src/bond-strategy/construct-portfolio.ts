import type { BondStrategy, TaxData } from '@ballast/contract';
import type { Highs } from 'highs';
import type { MarketData } from '../market/market-data.ts';
import { LinearModel } from '../optimise/linear-model.ts';
import { solve } from '../optimise/solver.ts';
import { taxRatesOf } from '../tax/after-tax-yield.ts';
import { constraintViolations } from './constraint-check.ts';
import { CONSTRUCTION } from './construction-rules.ts';
import {
  type Candidate,
  classLimit,
  eligibleBonds,
  RATING_BUCKETS,
  type RatingBucket,
  REPORTED_CLASSES,
  type ReportedClass,
} from './eligible-bonds.ts';
import { explainConflict, InfeasibleStrategyError } from './infeasible.ts';
import { type Position, roundLots } from './round-lots.ts';

export type ConstructedPortfolio = {
  positions: Position[];
  cash: number;
  candidates: Candidate[];
};

type Holdings = { min: number; max: number };

type Mode = { integer: false } | { integer: true; holdings: Holdings; margin: number };

/** How far inside each limit the integer program stays, per unit of margin (SPEC 7.7). */
const MARGIN = { years: 0.05, share: 0.005 };

/**
 * The bonds a construction chooses among: every eligible bond (SPEC 7.2) and those screening
 * keeps (SPEC 7.5).
 */
export type Universe = { candidates: Candidate[]; screened: Candidate[] };

/** A way to build a portfolio: the engine's, or the benchmark's naive peer. */
export type Construction = (
  highs: Highs,
  market: MarketData,
  strategy: BondStrategy,
  taxData: TaxData,
) => ConstructedPortfolio;

export function universeOf(market: MarketData, strategy: BondStrategy, taxData: TaxData): Universe {
  const candidates = eligibleBonds(market.bonds, strategy, taxRatesOf(taxData), market.asOf);
  return { candidates, screened: screen(candidates) };
}

/**
 * Builds the bond portfolio that maximises after-tax yield under every constraint of the
 * strategy (SPEC 7.4): a linear program on a screened candidate set, then the integer program
 * with the number of holdings and minimum positions on the best few candidates, and on all
 * screened candidates only when that fails. Weights then become round lots (SPEC 7.7). The
 * comparer passes the universe its cells share (SPEC 10.3).
 */
export function constructBondPortfolio(
  highs: Highs,
  market: MarketData,
  strategy: BondStrategy,
  taxData: TaxData,
  universe: Universe = universeOf(market, strategy, taxData),
): ConstructedPortfolio {
  const { candidates, screened } = universe;
  requireEnough(candidates, strategy);
  const relaxed = solve(highs, buildModel(screened, strategy, { integer: false }), {
    timeLimit: CONSTRUCTION.lpSeconds,
    explain: true,
  });
  if (relaxed.status === 'infeasible') {
    throw new InfeasibleStrategyError(
      explainConflict(relaxed.conflict, strategy, candidates, 'constraints'),
    );
  }
  const target = Math.min(CONSTRUCTION.targetHoldings, screened.length);
  const pool = poolOf(screened, relaxed.values, target * CONSTRUCTION.poolPerHolding);
  return roundedWithinLimits(highs, market, strategy, taxData, candidates, {
    attempts: [
      [pool, holdingsOf(target)],
      [pool, holdingsOf(undefined)],
      [screened, holdingsOf(undefined)],
    ],
    timeLimit: CONSTRUCTION.mipSeconds,
  });
}

/**
 * The same portfolio built the naive way, for the benchmark's peer (README "The engine"): the
 * integer program of SPEC 7.4 solved cold over every eligible bond, with neither the screening
 * of SPEC 7.5 nor the relaxation first of SPEC 7.6. The model, the gap, the holdings, the
 * rounding and its margins are the engine's; only the time limit is the caller's, so a slow
 * solve is measured rather than cut short.
 */
export function constructNaively(
  highs: Highs,
  market: MarketData,
  strategy: BondStrategy,
  taxData: TaxData,
  timeLimit: number,
): ConstructedPortfolio {
  const candidates = eligibleBonds(market.bonds, strategy, taxRatesOf(taxData), market.asOf);
  requireEnough(candidates, strategy);
  const target = Math.min(CONSTRUCTION.targetHoldings, candidates.length);
  return roundedWithinLimits(highs, market, strategy, taxData, candidates, {
    attempts: [
      [candidates, holdingsOf(target)],
      [candidates, holdingsOf(undefined)],
    ],
    timeLimit,
  });
}

function requireEnough(candidates: readonly Candidate[], strategy: BondStrategy) {
  if (candidates.length < CONSTRUCTION.minHoldings) {
    throw new InfeasibleStrategyError(explainConflict([], strategy, candidates, 'too few bonds'));
  }
}

/** Exactly `target` holdings, or the range of SPEC 7.4 when there is none. */
function holdingsOf(target: number | undefined): Holdings {
  return target === undefined
    ? { min: CONSTRUCTION.minHoldings, max: CONSTRUCTION.maxHoldings }
    : { min: target, max: target };
}

/**
 * The first integer solution of the attempts, in order, whose round lots keep every limit.
 * Rounding to lots moves every share a little; the model keeps inside its limits by a margin,
 * wider each time the rounded portfolio still breaks one (SPEC 7.7).
 */
function roundedWithinLimits(
  highs: Highs,
  market: MarketData,
  strategy: BondStrategy,
  taxData: TaxData,
  candidates: Candidate[],
  plan: { attempts: [Candidate[], Holdings][]; timeLimit: number },
): ConstructedPortfolio {
  for (const margin of [1, 4, 16]) {
    for (const [set, holdings] of plan.attempts) {
      const solved = solve(highs, buildModel(set, strategy, { integer: true, holdings, margin }), {
        timeLimit: plan.timeLimit,
        mipRelativeGap: CONSTRUCTION.mipGap,
      });
      if (solved.status === 'infeasible') continue;
      const weights = Array.from(set, (_, i) => solved.values[i] as number);
      const rounded = roundLots(market, set, weights, strategy, taxData.initial_investment_amount);
      if (constraintViolations(market, rounded, strategy).length > 0) break;
      return { ...rounded, candidates };
    }
  }
  throw new InfeasibleStrategyError(explainConflict([], strategy, candidates, 'positions'));
}

/**
 * Keeps the best few bonds of each group of like bonds (SPEC 7.5): same reported class, rating
 * bucket, year of duration and side of the liquidity range. A bond is dominated when a like
 * bond yields more after tax; the optimiser loses nothing by not seeing it, and a portfolio of
 * a few dozen bonds never needs more than a few of one kind.
 */
export function screen(candidates: readonly Candidate[]): Candidate[] {
  const groups = new Map<number, Candidate[]>();
  for (const candidate of candidates) {
    // One number per group: the year of duration above the class, bucket and side.
    const key =
      Math.floor(candidate.duration) * KINDS +
      (REPORTED_CLASS_INDEX[candidate.reportedClass] * RATING_BUCKETS.length +
        RATING_BUCKET_INDEX[candidate.ratingBucket]) *
        2 +
      (candidate.liquid ? 1 : 0);
    const group = groups.get(key);
    if (group) group.push(candidate);
    else groups.set(key, [candidate]);
  }
  const kept: Candidate[] = [];
  const perIssuer = new Map<string, number>();
  for (const group of groups.values()) {
    group.sort((a, b) => b.afterTaxYield - a.afterTaxYield || a.bond - b.bond);
    perIssuer.clear();
    let taken = 0;
    for (const candidate of group) {
      if (taken === CONSTRUCTION.perGroup) break;
      const count = perIssuer.get(candidate.issuer) ?? 0;
      if (count === CONSTRUCTION.perIssuerInGroup) continue;
      perIssuer.set(candidate.issuer, count + 1);
      kept.push(candidate);
      taken += 1;
    }
  }
  return kept.sort((a, b) => a.bond - b.bond);
}

const REPORTED_CLASS_INDEX = Object.fromEntries(
  REPORTED_CLASSES.map((reportedClass, i) => [reportedClass, i]),
) as Record<ReportedClass, number>;
const RATING_BUCKET_INDEX = Object.fromEntries(
  RATING_BUCKETS.map((bucket, i) => [bucket, i]),
) as Record<RatingBucket, number>;
/** Groups of one year of duration: each reported class, rating bucket and side of the range. */
const KINDS = REPORTED_CLASSES.length * RATING_BUCKETS.length * 2;

/** The relaxed solution's bonds, then the best of the rest, `size` in all (SPEC 7.6). */
function poolOf(screened: readonly Candidate[], weights: Float64Array, size: number): Candidate[] {
  const chosen = screened.filter((_, i) => (weights[i] as number) > 1e-9);
  const rest = screened
    .filter((_, i) => (weights[i] as number) <= 1e-9)
    .sort((a, b) => b.afterTaxYield - a.afterTaxYield);
  return [...chosen, ...rest.slice(0, Math.max(0, size - chosen.length))];
}

/** The model of SPEC 7.4 over `set`: weights first, then (for the integer program) one switch per bond. */
export function buildModel(
  set: readonly Candidate[],
  strategy: BondStrategy,
  mode: Mode,
): LinearModel {
  const model = new LinearModel();
  const holdings = mode.integer ? mode.holdings : undefined;
  const years = mode.integer ? mode.margin * MARGIN.years : 0;
  const slack = mode.integer ? mode.margin * MARGIN.share : 0;
  const below = (limit: number) => Math.max(0, limit - slack);
  const maxPosition = Math.min(
    CONSTRUCTION.issuerLimit,
    2 / (holdings?.min ?? CONSTRUCTION.targetHoldings),
  );
  const weights = set.map((candidate) => model.addColumn(candidate.afterTaxYield, 0, maxPosition));
  const all = (coefficient: (candidate: Candidate) => number) => ({
    columns: weights,
    coefficients: set.map(coefficient),
  });
  const where = (test: (candidate: Candidate) => boolean) => {
    const columns: number[] = [];
    for (const [i, candidate] of set.entries()) if (test(candidate)) columns.push(i);
    return { columns, coefficients: columns.map(() => 1) };
  };

  // Every yield is positive, so the optimiser invests all that the limits allow; the slack
  // below 1 lets limits pulled in by the margin still add up to a whole portfolio.
  const invested = all(() => 1);
  model.addRow('invested', 1 - CONSTRUCTION.modelCash, 1, invested.columns, invested.coefficients);
  for (const bondClass of ['municipal', 'corporate', 'treasury'] as const) {
    const limit = classLimit(strategy.assets, bondClass);
    if (limit >= 1) continue;
    const rows = where((candidate) => candidate.bondClass === bondClass);
    model.addRow(`class:${bondClass}`, 0, below(limit), rows.columns, rows.coefficients);
  }
  const { duration, credit, liquidity } = strategy.factors;
  // The average over the bonds, cash aside: sum((D - bound) * w) keeps its sign either side.
  const inset = Math.min(years, (duration.max - duration.min) / 2);
  const aboveMin = all((candidate) => candidate.duration - (duration.min + inset));
  const belowMax = all((candidate) => candidate.duration - (duration.max - inset));
  model.addRow('duration', 0, Number.POSITIVE_INFINITY, aboveMin.columns, aboveMin.coefficients);
  model.addRow('duration', Number.NEGATIVE_INFINITY, 0, belowMax.columns, belowMax.coefficients);
  const caps = { AA: credit.max_aa_pct, A: credit.max_a_pct, BBB: credit.max_bbb_pct };
  for (const bucket of RATING_BUCKETS) {
    if (bucket === 'AAA') continue;
    const rows = where((candidate) => candidate.ratingBucket === bucket);
    model.addRow(`rating:${bucket}`, 0, below(caps[bucket] / 100), rows.columns, rows.coefficients);
  }
  if (liquidity.target === 'P') {
    const least = Math.min(1, CONSTRUCTION.partialLiquidShare + slack);
    const rows = all((candidate) => (candidate.liquid ? 1 : 0) - least);
    model.addRow('liquidity', 0, Number.POSITIVE_INFINITY, rows.columns, rows.coefficients);
  }
  const byIssuer = new Map<string, number[]>();
  for (const [i, candidate] of set.entries()) {
    if (candidate.bondClass === 'treasury') continue;
    byIssuer.set(candidate.issuer, [...(byIssuer.get(candidate.issuer) ?? []), i]);
  }
  for (const [issuer, columns] of byIssuer) {
    if (columns.length * maxPosition <= CONSTRUCTION.issuerLimit) continue;
    model.addRow(
      `issuer:${issuer}`,
      0,
      below(CONSTRUCTION.issuerLimit),
      columns,
      columns.map(() => 1),
    );
  }
  if (holdings) {
    const switches = set.map(() => model.addColumn(0, 0, 1, true));
    for (const [i, weight] of weights.entries()) {
      const on = switches[i] as number;
      model.addRow('position', Number.NEGATIVE_INFINITY, 0, [weight, on], [1, -maxPosition]);
      model.addRow(
        'position',
        0,
        Number.POSITIVE_INFINITY,
        [weight, on],
        [1, -CONSTRUCTION.minPosition],
      );
    }
    model.addRow(
      'holdings',
      holdings.min,
      holdings.max,
      switches,
      switches.map(() => 1),
    );
  }
  return model;
}
