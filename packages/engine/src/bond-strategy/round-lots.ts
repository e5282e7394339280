import type { BondStrategy } from '@ballast/contract';
import type { MarketData } from '../market/market-data.ts';
import { CONSTRUCTION } from './construction-rules.ts';
import { type Candidate, classLimit } from './eligible-bonds.ts';

export type Position = {
  /** Index into the market's bond universe. */
  bond: number;
  par: number;
  /** Clean price plus accrued interest, per 100 of face. */
  marketValue: number;
};

/**
 * Weights to round lots (SPEC 7.7): each position first buys the whole lots its weight pays
 * for at the bond's full price; then, largest remainder first, a position takes one more lot
 * while the cash lasts and no limit on a class, rating bucket or issuer would be passed, nor
 * the duration band or the partial-liquidity share left. What is left stays in cash.
 */
export function roundLots(
  market: MarketData,
  set: readonly Candidate[],
  weights: readonly number[],
  strategy: BondStrategy,
  investment: number,
): { positions: Position[]; cash: number } {
  const { bonds } = market;
  const held = set.flatMap((candidate, i) => {
    const weight = weights[i] as number;
    if (weight < CONSTRUCTION.minPosition / 2) return [];
    const price =
      (bonds.price[candidate.bond] as number) + (bonds.accrued[candidate.bond] as number);
    const lotCost = (CONSTRUCTION.lotPar * price) / 100;
    const wanted = (weight * investment) / lotCost;
    return [{ candidate, lotCost, wanted, lots: Math.floor(wanted) }];
  });
  const limits = limitsOf(strategy, investment);
  const limitOf = (key: string) =>
    key.startsWith('issuer:')
      ? CONSTRUCTION.issuerLimit * investment
      : (limits.get(key) ?? Number.POSITIVE_INFINITY);
  const used = new Map<string, number>();
  const keysOf = (candidate: Candidate) => [
    `class:${candidate.bondClass}`,
    `rating:${candidate.ratingBucket}`,
    ...(candidate.bondClass === 'treasury' ? [] : [`issuer:${candidate.issuer}`]),
  ];
  const spend = (candidate: Candidate, amount: number) => {
    for (const key of keysOf(candidate)) used.set(key, (used.get(key) ?? 0) + amount);
  };
  let cash = investment;
  for (const position of held) {
    spend(position.candidate, position.lots * position.lotCost);
    cash -= position.lots * position.lotCost;
  }
  // The bonds' value, their duration-weighted value and the value inside the liquidity range,
  // so a lot that would take the average duration or the liquid share out of bounds is not
  // added.
  const { duration, liquidity } = strategy.factors;
  const totals = { value: 0, duration: 0, liquid: 0 };
  const count = (position: (typeof held)[number], lots: number) => {
    const value = lots * position.lotCost;
    totals.value += value;
    totals.duration += value * position.candidate.duration;
    if (position.candidate.liquid) totals.liquid += value;
  };
  for (const position of held) count(position, position.lots);
  // How far the bonds are outside the duration band and short of the liquid share; a lot is
  // added only when neither grows, so rounding that left a bound is drawn back toward it.
  const outside = (value: number, weightedDuration: number, liquid: number) => {
    const average = value > 0 ? weightedDuration / value : duration.min;
    const band = Math.max(0, duration.min - average, average - duration.max);
    const short =
      liquidity.target === 'P' && value > 0
        ? Math.max(0, CONSTRUCTION.partialLiquidShare - liquid / value)
        : 0;
    return { band, short };
  };
  const keepsBounds = (position: (typeof held)[number]) => {
    const before = outside(totals.value, totals.duration, totals.liquid);
    const after = outside(
      totals.value + position.lotCost,
      totals.duration + position.lotCost * position.candidate.duration,
      totals.liquid + (position.candidate.liquid ? position.lotCost : 0),
    );
    return after.band <= before.band + 1e-12 && after.short <= before.short + 1e-12;
  };
  const byRemainder = [...held].sort((a, b) => b.wanted - b.lots - (a.wanted - a.lots));
  for (const position of byRemainder) {
    if (position.lots >= Math.ceil(position.wanted) || position.lotCost > cash) continue;
    const fits = keysOf(position.candidate).every(
      (key) => (used.get(key) ?? 0) + position.lotCost <= limitOf(key),
    );
    if (!fits || !keepsBounds(position)) continue;
    position.lots += 1;
    count(position, 1);
    spend(position.candidate, position.lotCost);
    cash -= position.lotCost;
  }
  return {
    positions: held
      .filter((position) => position.lots > 0)
      .map((position) => ({
        bond: position.candidate.bond,
        par: position.lots * CONSTRUCTION.lotPar,
        marketValue: position.lots * position.lotCost,
      })),
    cash,
  };
}

/** Dollar limits per class and rating bucket for an account of `investment`. */
function limitsOf(strategy: BondStrategy, investment: number): Map<string, number> {
  const { credit } = strategy.factors;
  const limits = new Map<string, number>();
  for (const bondClass of ['municipal', 'corporate', 'treasury'] as const) {
    limits.set(`class:${bondClass}`, classLimit(strategy.assets, bondClass) * investment);
  }
  limits.set('rating:AA', (credit.max_aa_pct / 100) * investment);
  limits.set('rating:A', (credit.max_a_pct / 100) * investment);
  limits.set('rating:BBB', (credit.max_bbb_pct / 100) * investment);
  return limits;
}
