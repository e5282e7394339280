import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  importMarket,
  MarketDataError,
  type MarketFiles,
  type MarketSource,
} from '@ballast/engine/node';
import { type Config, ConfigError } from './config.ts';

/** The files a market directory holds (packages/engine/MARKET-DATA.md). */
const FILES: Record<keyof MarketFiles, string> = {
  bonds: 'bonds.csv',
  treasuryCurve: 'treasury_curve.csv',
  tokens: 'tokens.csv',
  tokenPrices: 'token_prices.csv',
  benchmarks: 'benchmarks.csv',
};

/**
 * The market simulations run on: the firm's files in MARKET_DATA_DIR, read and checked once at
 * start so a bad file stops the server with its name and line rather than failing every
 * simulation later; otherwise the bundled market.
 */
export async function readMarketSource(
  config: Pick<Config, 'marketDataDir'>,
): Promise<MarketSource> {
  const directory = config.marketDataDir;
  if (!directory) return { kind: 'generated' };
  const entries = await Promise.all(
    Object.entries(FILES).map(async ([key, name]) => {
      try {
        return [key, await readFile(join(directory, name), 'utf8')] as const;
      } catch {
        throw new ConfigError(
          `Invalid configuration:\n  MARKET_DATA_DIR: ${directory} has no readable ${name}`,
        );
      }
    }),
  );
  const files = Object.fromEntries(entries) as MarketFiles;
  try {
    importMarket(files);
  } catch (error) {
    if (error instanceof MarketDataError) {
      throw new ConfigError(`Invalid configuration:\n  MARKET_DATA_DIR: ${error.message}`);
    }
    throw error;
  }
  return { kind: 'files', files };
}
