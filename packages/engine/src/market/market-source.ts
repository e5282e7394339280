import { filesVersion, importMarket, type MarketFiles } from './csv-market.ts';
import {
  type GeneratedMarketOptions,
  generatedMarket,
  generatedMarketVersion,
} from './generated-market.ts';
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
