/**
 * The part of the engine that needs Node: the worker-thread pool, and markets read from a
 * vendor's files, whose version is a content hash. The root entry leaves these out so the rest
 * of the engine runs wherever JavaScript does.
 */
export { MarketDataError } from './market/csv.ts';
export { exportMarket, importMarket, type MarketFiles } from './market/csv-market.ts';
export { importMarketHistory } from './market/csv-market-history.ts';
export {
  type MarketSource,
  marketHistoryOf,
  marketOf,
  marketVersionOf,
} from './market/market-source.ts';
export type { EngineJob } from './parallel/engine-jobs.ts';
export { createEnginePool, EngineFaultError, type EnginePool } from './parallel/engine-pool.ts';
