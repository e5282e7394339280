import type {
  BondSimulationResult,
  BondStrategy,
  SimulationResult,
  TaxData,
  TimeWindow,
} from '@ballast/contract';
import type { Highs } from 'highs';
import type { EngineResult } from '../engine-result.ts';
import type { MarketData } from '../market/market-data.ts';
import { backtestBondPortfolio } from './bond-backtest.ts';
import {
  type ConstructedPortfolio,
  type Construction,
  constructBondPortfolio,
} from './construct-portfolio.ts';
import { InfeasibleStrategyError } from './infeasible.ts';
import { portfolioAnalytics } from './portfolio-analytics.ts';

export type BondSimulation = {
  /** The product §3 bond simulation result of the portfolio built today. */
  bond: BondSimulationResult;
  /** The product §3 general result of that portfolio held over the window (SPEC 9). */
  general: SimulationResult;
};

/**
 * A bond strategy simulated for a time window: the portfolio it builds on the market's date,
 * what that portfolio is, and how it would have fared (SPEC 7-9). Only 'today' exists as a
 * window; the backtest covers the five years before it. A strategy no portfolio can meet
 * answers why (SPEC 7.8). The comparer passes a construction on its shared bonds, the benchmark
 * the naive one.
 */
export function simulateBondStrategy(
  highs: Highs,
  market: MarketData,
  input: { strategy: BondStrategy; tax_data: TaxData },
  timeWindow: TimeWindow,
  construct: Construction = constructBondPortfolio,
): EngineResult<BondSimulation> {
  let portfolio: ConstructedPortfolio;
  try {
    portfolio = construct(highs, market, input.strategy, input.tax_data);
  } catch (error) {
    if (error instanceof InfeasibleStrategyError) return { ok: false, reason: error.message };
    throw error;
  }
  const analytics = portfolioAnalytics(market, portfolio, input.strategy, input.tax_data);
  const backtest = backtestBondPortfolio(market, portfolio, input.strategy, input.tax_data);
  return {
    ok: true,
    value: {
      bond: {
        timeframe: timeWindow,
        ...analytics,
        attributes: { ...analytics.attributes, tax_loss_harvested_value: backtest.taxSavings },
        tax_loss_value: backtest.harvestedLosses,
      },
      general: backtest.result,
    },
  };
}
