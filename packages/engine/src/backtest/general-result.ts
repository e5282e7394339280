import type { SimulationResult } from '@ballast/contract';
import {
  annualizedReturn,
  excessReturn,
  periodReturns,
  sharpeRatio,
  totalReturn,
  volatility,
} from './performance-stats.ts';

export type BacktestRun = {
  timeframe: string;
  dates: string[];
  /** The portfolio's value each day of `dates`. */
  balances: number[];
  /** The benchmark each day, already scaled to the portfolio's first balance. */
  benchmark: number[];
  periodsPerYear: number;
  /** Harvested losses by month, YYYY-MM, USD. */
  monthlyLosses: ReadonlyMap<string, number>;
  yearly: readonly { year: number; losses: number; savings: number }[];
  /** The lesser of purchases and sales per year, USD (SEC Form N-1A). */
  tradedPerYear: number;
  holdings: Record<string, number>;
  attributes: SimulationResult['attributes'];
};

const percent = (share: number) => Math.round(share * 1e6) / 1e4;
const money = (amount: number) => Math.round(amount * 100) / 100;

/**
 * The product §3 general result of a backtest (SPEC 5, 9.6, 11.7): balances against the benchmark,
 * the relative performance each day, harvested losses with their savings, and the statistics.
 */
export function generalResult(run: BacktestRun): SimulationResult {
  const { balances, benchmark, dates, periodsPerYear } = run;
  const initial = balances[0] as number;
  const final = balances.at(-1) as number;
  const returns = periodReturns(balances);
  const total = totalReturn(returns);
  const benchmarkTotal = totalReturn(periodReturns(benchmark));
  const averageBalance = balances.reduce((sum, value) => sum + value, 0) / balances.length;
  return {
    timeframe: run.timeframe,
    balance: {
      data: [
        { name: 'Portfolio', dates, values: balances.map(money) },
        { name: 'Benchmark', dates, values: benchmark.map(money) },
      ],
      balance: money(final),
      total_gain_loss: money(final - initial),
      total_gain_loss_perc: percent(final / initial - 1),
    },
    relative_performance: {
      data: [
        {
          name: 'Relative performance',
          dates,
          values: balances.map((value, t) =>
            percent(value / initial / ((benchmark[t] as number) / (benchmark[0] as number)) - 1),
          ),
        },
      ],
      cumulative_relative_performance: percent(excessReturn(total, benchmarkTotal)),
    },
    tax_loss_harvesting: {
      monthly: [...run.monthlyLosses.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([month, losses]) => ({ month, losses: money(losses) })),
      yearly: run.yearly.map((year) => ({
        year: year.year,
        losses: money(year.losses),
        tax_savings: money(year.savings),
      })),
    },
    performance_stats: {
      total_return: percent(total),
      excess_return: percent(excessReturn(total, benchmarkTotal)),
      annualized_return: percent(annualizedReturn(returns, periodsPerYear)),
      turnover: percent(run.tradedPerYear / averageBalance),
      volatility: percent(volatility(returns, periodsPerYear)),
      sharp_ratio: Math.round(sharpeRatio(returns, periodsPerYear) * 1e4) / 1e4,
    },
    holdings: run.holdings,
    attributes: run.attributes,
  };
}
