import type { EpochDay } from '../dates.ts';
import type { MarketHistory } from '../valuation/valuation-types.ts';
import { filesVersion, importMarket, type MarketFiles } from './csv-market.ts';
import { importMarketHistory } from './csv-market-history.ts';
import {
  type GeneratedMarketOptions,
  generatedMarket,
  generatedMarketVersion,
} from './generated-market.ts';
import { generatedMarketHistory } from './generated-market-history.ts';
import type { MarketData } from './market-data.ts';

/** Where a market comes from: the bundled generator, or a vendor's files (SPEC 3.1, 3.9). */
export type MarketSource =
  | { kind: 'generated'; options?: GeneratedMarketOptions }
  | { kind: 'files'; files: MarketFiles };

export function marketOf(source: MarketSource): MarketData {
  return source.kind === 'files' ? importMarket(source.files) : generatedMarket(source.options);
}

/** The version `marketOf(source)` would have, known without building the market. */
export function marketVersionOf(source: MarketSource): string {
  return source.kind === 'files'
    ? filesVersion(source.files)
    : generatedMarketVersion(source.options);
}

/**
 * The history of a source through `through` (SPEC 3.10): the bundled market carried on to it,
 * or a firm's files, which end where they end.
 */
export function marketHistoryOf(source: MarketSource, through: EpochDay): MarketHistory {
  return source.kind === 'files'
    ? importMarketHistory(source.files)
    : generatedMarketHistory({ ...source.options, through });
}
