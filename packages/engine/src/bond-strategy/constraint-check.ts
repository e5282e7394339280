import { type BondStrategy, CREDIT_UNIVERSE } from '@ballast/contract';
import { BOND_CLASSES, type BondClass, type MarketData } from '../market/market-data.ts';
import { CONSTRUCTION } from './construction-rules.ts';
import { classLimit, ratingBucketOf } from './eligible-bonds.ts';
import type { Position } from './round-lots.ts';

/** Rounding slack: a share within a hundredth of a percent of its limit holds it. */
const TOLERANCE = 1e-4;

/**
 * Every limit of SPEC 7.4 that a rounded portfolio breaks, in words; none when it holds all.
 * Limits on shares are of the account, its cash included; the average duration and the share
 * in the liquidity range are of the bonds alone.
 */
export function constraintViolations(
  market: MarketData,
  portfolio: { positions: readonly Position[]; cash: number },
  strategy: BondStrategy,
): string[] {
  const { bonds } = market;
  const { positions } = portfolio;
  const bondValue = positions.reduce((sum, position) => sum + position.marketValue, 0);
  const total = bondValue + portfolio.cash;
  const share = (test: (bond: number) => boolean) =>
    positions.reduce(
      (sum, position) => (test(position.bond) ? sum + position.marketValue / total : sum),
      0,
    );
  const problems: string[] = [];
  const count = positions.length;
  if (count < CONSTRUCTION.minHoldings || count > CONSTRUCTION.maxHoldings) {
    problems.push(`${count} holdings`);
  }
  for (const bondClass of BOND_CLASSES) {
    const held = share((bond) => BOND_CLASSES[bonds.bondClass[bond] as number] === bondClass);
    if (held > classLimit(strategy.assets, bondClass) + TOLERANCE) {
      problems.push(`${(held * 100).toFixed(2)} % ${bondClass}`);
    }
  }
  const { duration, credit, liquidity } = strategy.factors;
  const average = positions.reduce(
    (sum, position) =>
      sum + ((bonds.duration[position.bond] as number) * position.marketValue) / bondValue,
    0,
  );
  if (average < duration.min - TOLERANCE || average > duration.max + TOLERANCE) {
    problems.push(`duration ${average.toFixed(3)}`);
  }
  const floor = CREDIT_UNIVERSE.indexOf(credit.credit_universe);
  if (positions.some((position) => (bonds.rating[position.bond] as number) > floor)) {
    problems.push('a bond below the credit floor');
  }
  const caps = { AA: credit.max_aa_pct, A: credit.max_a_pct, BBB: credit.max_bbb_pct };
  for (const bucket of ['AA', 'A', 'BBB'] as const) {
    const held = share((bond) => ratingBucketOf(bonds.rating[bond] as number) === bucket);
    if (held > caps[bucket] / 100 + TOLERANCE)
      problems.push(`${(held * 100).toFixed(2)} % ${bucket}`);
  }
  const inRange = (bond: number) => {
    const score = bonds.liquidity[bond] as number;
    return score >= liquidity.min && score <= liquidity.max;
  };
  if (liquidity.target === 'H' && positions.some((position) => !inRange(position.bond))) {
    problems.push('a bond outside the liquidity range');
  }
  const liquidShare = (share(inRange) * total) / bondValue;
  if (liquidity.target === 'P' && liquidShare < CONSTRUCTION.partialLiquidShare - TOLERANCE) {
    problems.push(`${(liquidShare * 100).toFixed(2)} % in the liquidity range`);
  }
  if (portfolio.cash < 0 || portfolio.cash > cashAllowance(total) + TOLERANCE * total) {
    problems.push(`cash ${portfolio.cash.toFixed(2)}`);
  }
  const issuers = new Map<string, number>();
  for (const position of positions) {
    if (BOND_CLASSES[bonds.bondClass[position.bond] as number] === ('treasury' as BondClass))
      continue;
    const issuer = bonds.issuer[position.bond] as string;
    issuers.set(issuer, (issuers.get(issuer) ?? 0) + position.marketValue / total);
  }
  for (const [issuer, held] of issuers) {
    if (held > CONSTRUCTION.issuerLimit + TOLERANCE)
      problems.push(`${(held * 100).toFixed(2)} % ${issuer}`);
  }
  const excluded = new Set([
    ...strategy.constraints.excluded_municipal_sectors.map((name) => `municipal|${name}`),
    ...strategy.constraints.excluded_corporate_sectors.map((name) => `corporate|${name}`),
    ...strategy.constraints.excluded_municipal_issuers.map((name) => `municipal|${name}`),
    ...strategy.constraints.excluded_corporate_issuers.map((name) => `corporate|${name}`),
  ]);
  for (const position of positions) {
    const bondClass = BOND_CLASSES[bonds.bondClass[position.bond] as number];
    if (
      excluded.has(`${bondClass}|${bonds.sector[position.bond]}`) ||
      excluded.has(`${bondClass}|${bonds.issuer[position.bond]}`)
    ) {
      problems.push(`excluded ${bonds.cusip[position.bond]}`);
    }
  }
  return problems;
}

/**
 * The most cash a rounded portfolio of this value may keep (SPEC 7.7): a share of it, or a few
 * lots at the dearest price a bond trades at here (150), whichever is more.
 */
export function cashAllowance(accountValue: number): number {
  return Math.max(
    CONSTRUCTION.cashAllowance * accountValue,
    CONSTRUCTION.cashLots * CONSTRUCTION.lotPar * 1.5,
  );
}
