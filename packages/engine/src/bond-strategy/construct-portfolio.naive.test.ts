import { COMPARER_CELLS } from '@ballast/contract';
import { makeTaxData } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { generatedMarket } from '../market/generated-market.ts';
import { loadSolver } from '../optimise/solver.ts';
import { cellStrategy } from './comparer.ts';
import { constraintViolations } from './constraint-check.ts';
import { constructNaively } from './construct-portfolio.ts';
import { CONSTRUCTION } from './construction-rules.ts';

const highs = await loadSolver();
const market = generatedMarket({ bondCounts: { municipal: 600, corporate: 200, treasury: 50 } });
const taxData = makeTaxData();

describe('the naive construction the benchmark compares against (SPEC 7.4, 7.7)', () => {
  it('keeps every limit of each comparer cell solved cold over every eligible bond', () => {
    const assets = {
      type: 'max_allocation',
      muni_max_pct: 70,
      corp_max_pct: 30,
      tsry_max_pct: 30,
    } as const;
    for (const cell of COMPARER_CELLS) {
      const strategy = cellStrategy({ style: 'B', strategy: { assets }, tax_data: taxData }, cell);
      const portfolio = constructNaively(highs, market, strategy, taxData, 60);
      expect(portfolio.positions).toHaveLength(CONSTRUCTION.targetHoldings);
      expect(constraintViolations(market, portfolio, strategy)).toEqual([]);
    }
  });
});
