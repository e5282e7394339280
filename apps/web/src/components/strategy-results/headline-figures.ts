import type { BondSimulationResult, SimulationResult } from '@ballast/contract';
import {
  formatNumber,
  formatPercent,
  formatSignedPercent,
  formatUsd,
  formatYears,
} from '../../lib/format.ts';

/** One figure of a result as it reads on screen; `key` is stable, for aligning columns. */
export type HeadlineFigure = { key: string; label: string; value: string };

/** "+100 bp", "-300 bp": a parallel shift of the curve. */
export function shiftLabel(bps: number): string {
  return `${bps > 0 ? '+' : ''}${bps} bp`;
}

/**
 * A bond result's headline figures, formatted. Keys are the result's own field names, and
 * `rate_change_<bps>` for each shift of the rate-change sensitivity (e.g. `rate_change_+100`).
 */
export function headlineFigures(result: BondSimulationResult): HeadlineFigure[] {
  const { attributes } = result;
  return [
    {
      key: 'portfolio_yield',
      label: 'Portfolio yield',
      value: formatPercent(attributes.portfolio_yield),
    },
    {
      key: 'tax_equivalent_yield',
      label: 'Tax-equivalent yield',
      value: formatPercent(attributes.tax_equivalent_yield),
    },
    {
      key: 'after_tax_cash_flow',
      label: 'After-tax cash flow',
      value: formatUsd(attributes.after_tax_cash_flow),
    },
    { key: 'avg_rating', label: 'Average rating', value: attributes.avg_rating },
    { key: 'duration', label: 'Duration', value: `${formatYears(attributes.duration)} yrs` },
    { key: 'liquidity', label: 'Liquidity', value: formatNumber(attributes.liquidity) },
    {
      key: 'tax_loss_harvested_value',
      label: 'Tax saved by harvesting',
      value: formatUsd(attributes.tax_loss_harvested_value),
    },
    ...result.rate_change_sensitivity.map((shift) => ({
      key: `rate_change_${shiftLabel(shift.rate_change_bps).replace(' bp', '')}`,
      label: `Rate shock ${shiftLabel(shift.rate_change_bps)}`,
      value: formatSignedPercent(shift.value_change),
    })),
  ];
}

/** A token result's headline figures, formatted; keys are the result's own field names. */
export function tokenHeadlineFigures(result: SimulationResult): HeadlineFigure[] {
  const stats = result.performance_stats;
  const harvested = result.tax_loss_harvesting.yearly.reduce(
    (sum, year) => ({ losses: sum.losses + year.losses, savings: sum.savings + year.tax_savings }),
    { losses: 0, savings: 0 },
  );
  return [
    { key: 'balance', label: 'Ending balance', value: formatUsd(result.balance.balance) },
    {
      key: 'total_gain_loss',
      label: 'Total gain/loss',
      value: formatUsd(result.balance.total_gain_loss),
    },
    { key: 'total_return', label: 'Total return', value: formatPercent(stats.total_return) },
    {
      key: 'excess_return',
      label: 'Excess return',
      value: formatSignedPercent(stats.excess_return),
    },
    {
      key: 'annualized_return',
      label: 'Annualised return',
      value: formatPercent(stats.annualized_return),
    },
    { key: 'volatility', label: 'Volatility', value: formatPercent(stats.volatility) },
    { key: 'sharp_ratio', label: 'Sharpe ratio', value: formatNumber(stats.sharp_ratio) },
    { key: 'turnover', label: 'Turnover', value: formatPercent(stats.turnover) },
    {
      key: 'cumulative_relative_performance',
      label: 'Relative to benchmark',
      value: formatSignedPercent(result.relative_performance.cumulative_relative_performance),
    },
    { key: 'harvested_losses', label: 'Losses harvested', value: formatUsd(harvested.losses) },
    { key: 'tax_savings', label: 'Tax savings', value: formatUsd(harvested.savings) },
  ];
}
