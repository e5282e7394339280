/**
 * The market and solver the valuation runs on, built once and rebuilt only when the day to value
 * is past the market's last day: the bundled market is extended to it, a firm's files
 * (MARKET_DATA_DIR) are read again for the days that have arrived since (engine SPEC 3.10).
 */
import type { ValuationEngine } from '@ballast/api';
import { loadSolver, parseIsoDate } from '@ballast/engine';
import { marketHistoryOf } from '@ballast/engine/node';
import type { Config } from '../config.ts';
import { readMarketSource } from '../market-source.ts';

export type ValuationEngines = {
  /** An engine whose market reaches `date`, or as far as its data does. */
  through(date: string): Promise<ValuationEngine>;
};

export function valuationEngines(config: Pick<Config, 'marketDataDir'>): ValuationEngines {
  let current: Promise<ValuationEngine> | undefined;
  const build = async (date: string): Promise<ValuationEngine> => {
    const [source, solver] = await Promise.all([readMarketSource(config), loadSolver()]);
    return { market: marketHistoryOf(source, parseIsoDate(date)), solver };
  };
  return {
    async through(date) {
      const engine = current ? await current.catch(() => undefined) : undefined;
      if (engine && engine.market.lastDay >= parseIsoDate(date)) return engine;
      current = build(date);
      return current;
    },
  };
}

/**
 * The bundled market's engines, one per process: the market takes seconds to build, and seeding
 * and tests value several firms in one process.
 */
export const bundledValuationEngines: ValuationEngines = valuationEngines({
  marketDataDir: undefined,
});
