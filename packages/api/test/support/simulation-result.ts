import type { SimulationResult } from '@ballast/contract';

/** The smallest result the contract accepts, as the engine would store it. */
export const STORED_RESULT: SimulationResult = {
  timeframe: 'today',
  balance: { data: [], balance: 1_000_000, total_gain_loss: 0, total_gain_loss_perc: 0 },
  relative_performance: { data: [], cumulative_relative_performance: 0 },
  tax_loss_harvesting: { monthly: [], yearly: [] },
  performance_stats: {
    total_return: 2,
    excess_return: 0.1,
    annualized_return: 2,
    turnover: 5,
    volatility: 3,
    sharp_ratio: 0.6,
  },
  holdings: { BTC: 60, ETH: 40 },
  attributes: { consensus_mechanism: {}, market_capitalization: {}, sector: {}, volume: {} },
};
