import type { SimulationResult } from '@ballast/contract';
import { type EpochDay, formatIsoDate } from '../dates.ts';
import {
  annualizedReturn,
  excessReturn,
  periodReturns,
  periodsPerYear,
  sharpeRatio,
  totalReturn,
  volatility,
} from './performance-stats.ts';

export type BacktestRun = {
  timeframe: string;
  /** The backtest's days: its statistics take their periods per year from them (SPEC 5.2). */
  days: ArrayLike<EpochDay>;
  /** The portfolio's value each of `days`. */
  balances: number[];
  /** The benchmark each day, already scaled to the portfolio's first balance. */
  benchmark: number[];
  /** The risk-free return of each period between consecutive days (`riskFreeReturns`). */
  riskFree: readonly number[];
  /** Harvested losses by month, YYYY-MM, USD. */
  monthlyLosses: ReadonlyMap<string, number>;
  yearly: readonly { year: number; losses: number; savings: number }[];
  /** The lesser of purchases and sales per calendar year (`calendarYears`), USD (SEC Form N-1A). */
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
  const { balances, benchmark } = run;
  const dates = Array.from(run.days, formatIsoDate);
  const perYear = periodsPerYear(run.days);
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
      annualized_return: percent(annualizedReturn(returns, perYear)),
      turnover: percent(run.tradedPerYear / averageBalance),
      volatility: percent(volatility(returns, perYear)),
      sharp_ratio: Math.round(sharpeRatio(returns, run.riskFree, perYear) * 1e4) / 1e4,
    },
    holdings: run.holdings,
    attributes: run.attributes,
  };
}
