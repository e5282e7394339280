import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatedMarket } from '@ballast/engine';
import { exportMarket, marketVersionOf } from '@ballast/engine/node';
import { afterEach, describe, expect, it } from 'vitest';
import { readMarketSource } from './market-source.ts';

const files = exportMarket(
  generatedMarket({ bondCounts: { municipal: 300, corporate: 100, treasury: 20 } }),
);
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function directoryWith(contents: Partial<Record<string, string>>) {
  const dir = await mkdtemp(join(tmpdir(), 'ballast-market-'));
  dirs.push(dir);
  await Promise.all(
    Object.entries(contents).map(([name, text]) => writeFile(join(dir, name), text ?? '')),
  );
  return dir;
}

const ALL = {
  'bonds.csv': files.bonds,
  'treasury_curve.csv': files.treasuryCurve,
  'tokens.csv': files.tokens,
  'token_prices.csv': files.tokenPrices,
  'benchmarks.csv': files.benchmarks,
};

describe('the market simulations run on', () => {
  it('is the bundled market unless MARKET_DATA_DIR names a directory', async () => {
    expect(await readMarketSource({ marketDataDir: undefined })).toEqual({ kind: 'generated' });
  });

  it('reads the five files of the directory, named by their content', async () => {
    const source = await readMarketSource({ marketDataDir: await directoryWith(ALL) });
    expect(source).toEqual({ kind: 'files', files });
    expect(marketVersionOf(source)).toMatch(/^csv:/);
  });

  it('stops the server on a missing file or a bad value, saying which', async () => {
    const { 'tokens.csv': _tokens, ...withoutTokens } = ALL;
    const missing = await directoryWith(withoutTokens);
    await expect(readMarketSource({ marketDataDir: missing })).rejects.toThrow(
      `MARKET_DATA_DIR: ${missing} has no readable tokens.csv`,
    );
    const bad = await directoryWith({
      ...ALL,
      'treasury_curve.csv': 'date,0.25,0.5,1,2,3,5,7,10,20,30\n2026-01-02,4,4,4,4,four,4,4,4,4,4',
    });
    await expect(readMarketSource({ marketDataDir: bad })).rejects.toThrow(
      'MARKET_DATA_DIR: treasury_curve.csv:2: 3 is not a number ("four").',
    );
  });
});
