import type { StrategyInput } from '@ballast/contract';
import { formatPercent, formatUsd } from '../../lib/format.ts';

const LIQUIDITY_WORDS = { H: 'high', P: 'partial', U: 'unconstrained' } as const;

/** One line that tells two strategies apart at a glance: the choices an advisor makes first. */
export function describeStrategy(strategy: StrategyInput): string {
  const tax = `${formatPercent(strategy.tax_data.tax_rate, 0)} ${strategy.tax_data.tax_residency}, ${formatUsd(strategy.tax_data.initial_investment_amount, { whole: true })}`;
  if (strategy.style === 'B') {
    const { assets, factors } = strategy.strategy;
    const classes =
      assets.type === 'select'
        ? [
            assets.municipals && 'munis',
            assets.corporates && 'corporates',
            assets.treasuries && 'treasuries',
          ]
            .filter(Boolean)
            .join(' + ')
        : `munis ≤${assets.muni_max_pct}%, corporates ≤${assets.corp_max_pct}%, treasuries ≤${assets.tsry_max_pct}%`;
    return `${factors.duration.placement} ${factors.duration.min}-${factors.duration.max} yrs, ${factors.credit.credit_universe} or better, ${LIQUIDITY_WORDS[factors.liquidity.target]} liquidity; ${classes}; ${tax}`;
  }
  const { token_universe, calculation_methodology, recalculation_frequency } = strategy.strategy;
  return `${token_universe}, ${calculation_methodology}, rebalanced ${recalculation_frequency.toLowerCase()}; ${tax}`;
}
