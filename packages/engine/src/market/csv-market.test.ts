import {
  makeBondStrategyInput,
  makeTaxData,
  makeTokenStrategyInput,
} from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { simulateBondStrategy } from '../bond-strategy/simulate-bond-strategy.ts';
import { loadSolver } from '../optimise/solver.ts';
import { simulateTokenStrategy } from '../token-strategy/token-backtest.ts';
import { exportMarket, importMarket } from './csv-market.ts';
import { generatedMarket } from './generated-market.ts';

const TENORS = [0.25, 0.5, 1, 2, 3, 5, 7, 10, 20, 30];

const generated = generatedMarket({
  bondCounts: { municipal: 1_500, corporate: 500, treasury: 100 },
});
const files = exportMarket(generated);
const imported = importMarket(files);

describe('importing a market from CSV (SPEC 3.9)', () => {
  it('reads every bond, and computes the same yields to worst from the vendor’s prices', () => {
    expect(imported.bonds.count).toBe(generated.bonds.count);
    expect(imported.asOf).toBe(generated.asOf);
    expect(imported.bonds.cusip).toEqual(generated.bonds.cusip);
    expect(imported.bonds.issuer).toEqual(generated.bonds.issuer);
    const off = Array.from(imported.bonds.ytw).filter(
      (ytw, i) => Math.abs(ytw - (generated.bonds.ytw[i] as number)) > 1e-9,
    );
    expect(off).toEqual([]);
    expect(Array.from(imported.bonds.worstDay)).toEqual(Array.from(generated.bonds.worstDay));
  });

  it('reads the curve at its tenors, the tokens’ daily closes and both benchmarks', () => {
    const day = imported.curveDays[100] as number;
    for (const years of TENORS) {
      expect(imported.treasuryCurve(day)(years)).toBeCloseTo(
        generated.treasuryCurve(day)(years),
        12,
      );
    }
    expect(imported.tokens.tokens.map((token) => token.symbol)).toEqual(
      generated.tokens.tokens.map((token) => token.symbol),
    );
    expect(Array.from(imported.tokens.prices[0] ?? [])).toEqual(
      Array.from(generated.tokens.prices[0] ?? []),
    );
    expect(Array.from(imported.benchmarks.token.values)).toEqual(
      Array.from(generated.benchmarks.token.values),
    );
    expect(imported.version).toMatch(/^csv:[0-9a-f]{16}$/);
  });

  it('simulates both kinds of strategy on what it read', async () => {
    const highs = await loadSolver();
    const bond = makeBondStrategyInput();
    const bondAnswer = simulateBondStrategy(
      highs,
      imported,
      {
        strategy: {
          ...bond.strategy,
          factors: { ...bond.strategy.factors, liquidity: { target: 'U', min: 1, max: 100 } },
        },
        tax_data: bond.tax_data,
      },
      'today',
    );
    expect(bondAnswer.ok).toBe(true);
    const tokenAnswer = simulateTokenStrategy(
      imported,
      { strategy: makeTokenStrategyInput().strategy, tax_data: makeTaxData() },
      'today',
    );
    expect(tokenAnswer.ok).toBe(true);
  });

  it('names the file, line and column of a value it cannot read', () => {
    const lines = files.bonds.split('\n');
    lines[3] = (lines[3] ?? '').replace(/,(AAA|AA\+|AA|AA-|A\+|A|A-|BBB\+|BBB|BBB-),/, ',AAAA,');
    expect(() => importMarket({ ...files, bonds: lines.join('\n') })).toThrow(
      /^bonds\.csv:4: rating is not one of AAA, AA\+/,
    );
    expect(() => importMarket({ ...files, treasuryCurve: 'date,0.25\n2026-01-02,4' })).toThrow(
      'treasury_curve.csv: the header lacks 0.5, 1, 2, 3, 5, 7, 10, 20, 30.',
    );
    const prices = files.tokenPrices.split('\n');
    expect(() => importMarket({ ...files, tokenPrices: prices.slice(0, -1).join('\n') })).toThrow(
      /^token_prices\.csv: \S+ has no price on the \d+th day of the file\.$/,
    );
  });
});
