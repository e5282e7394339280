import { COMPARER_CELLS, type ComparerStrategy } from '@ballast/contract';
import { makeTaxData } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { generatedMarket } from '../market/generated-market.ts';
import { cellStrategy, cellUniverse, comparerBonds } from './comparer.ts';
import { universeOf } from './construct-portfolio.ts';

const market = generatedMarket({ bondCounts: { municipal: 1_500, corporate: 500, treasury: 100 } });

describe('the bonds a comparer request’s cells share (SPEC 10.3)', () => {
  it('are, for every cell, the eligible and screened bonds of its own strategy', () => {
    const input: ComparerStrategy = {
      style: 'B',
      strategy: {
        assets: { type: 'max_allocation', muni_max_pct: 70, corp_max_pct: 30, tsry_max_pct: 30 },
      },
      tax_data: { ...makeTaxData(), tax_residency: 'CA' },
    };
    const bonds = comparerBonds(market, input);
    for (const cell of COMPARER_CELLS) {
      const own = universeOf(market, cellStrategy(input, cell), input.tax_data);
      expect(own.screened.length).toBeGreaterThan(0);
      expect(cellUniverse(bonds, cell), `${cell.placement} ${cell.liquidity}`).toEqual(own);
    }
  });
});
