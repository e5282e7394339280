import type { BondStrategy } from '@ballast/contract';
import { CONSTRUCTION } from './construction-rules.ts';
import type { Candidate } from './eligible-bonds.ts';

/** A strategy no portfolio can satisfy; the message says which of its parts conflict. */
export class InfeasibleStrategyError extends Error {
  override readonly name = 'InfeasibleStrategyError';
}

const CLASS_NAMES = { municipal: 'municipal', corporate: 'corporate', treasury: 'treasury' };

/**
 * Words for the rows of an irreducible infeasible subsystem (SPEC 7.8), and for what decided
 * which bonds were eligible at all, since those filters are not rows of the model.
 */
export function explainConflict(
  rows: readonly string[],
  strategy: BondStrategy,
  candidates: readonly Candidate[],
  kind: 'too few bonds' | 'constraints' | 'positions',
): string {
  const eligible = candidates.length;
  const { duration, credit, liquidity } = strategy.factors;
  const filters = [
    `rated ${credit.credit_universe} or better`,
    ...(liquidity.target === 'H' ? [`liquidity ${liquidity.min}-${liquidity.max}`] : []),
    ...(hasExclusions(strategy) ? ['outside the excluded sectors and issuers'] : []),
  ];
  const universe = `${eligible} eligible bond${eligible === 1 ? '' : 's'} ${filters.join(', ')}`;
  if (kind === 'too few bonds') {
    return `Only ${universe}; a portfolio needs at least ${CONSTRUCTION.minHoldings}.`;
  }
  if (kind === 'positions') {
    return `No portfolio of ${CONSTRUCTION.minHoldings} to ${CONSTRUCTION.maxHoldings} positions of at least ${CONSTRUCTION.minPosition * 100} % meets the strategy among ${universe}.`;
  }
  const parts = [...new Set(rows)].flatMap((row): string[] => {
    if (row === 'duration') return [`duration ${duration.min}-${duration.max}`];
    if (row === 'liquidity') {
      return [
        `${CONSTRUCTION.partialLiquidShare * 100} % in liquidity ${liquidity.min}-${liquidity.max}`,
      ];
    }
    if (row.startsWith('class:')) {
      const bondClass = row.slice('class:'.length) as keyof typeof CLASS_NAMES;
      return [`at most ${limitOf(strategy, bondClass)} % ${CLASS_NAMES[bondClass]}`];
    }
    if (row.startsWith('rating:')) {
      const bucket = row.slice('rating:'.length) as 'AA' | 'A' | 'BBB';
      const cap = { AA: credit.max_aa_pct, A: credit.max_a_pct, BBB: credit.max_bbb_pct }[bucket];
      return [`at most ${cap} % rated ${bucket}`];
    }
    if (row.startsWith('issuer:'))
      return [`at most ${CONSTRUCTION.issuerLimit * 100} % per issuer`];
    return [];
  });
  // A class the strategy counts on but no bond of which is eligible explains a shortfall.
  for (const bondClass of ['municipal', 'corporate', 'treasury'] as const) {
    const wanted = limitOf(strategy, bondClass) > 0;
    if (wanted && !candidates.some((candidate) => candidate.bondClass === bondClass)) {
      parts.push(`no eligible ${CLASS_NAMES[bondClass]} bond`);
    }
  }
  const conflict = parts.length > 0 ? parts.join(' with ') : 'the strategy as a whole';
  return `${capitalise(conflict)} cannot be met among ${universe}.`;
}

function limitOf(strategy: BondStrategy, bondClass: keyof typeof CLASS_NAMES): number {
  const { assets } = strategy;
  if (assets.type === 'select') {
    const chosen = {
      municipal: assets.municipals,
      corporate: assets.corporates,
      treasury: assets.treasuries,
    };
    return chosen[bondClass] ? 100 : 0;
  }
  return {
    municipal: assets.muni_max_pct,
    corporate: assets.corp_max_pct,
    treasury: assets.tsry_max_pct,
  }[bondClass];
}

function hasExclusions(strategy: BondStrategy): boolean {
  return Object.values(strategy.constraints).some((names) => names.length > 0);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
