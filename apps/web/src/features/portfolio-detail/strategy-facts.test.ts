import { makeBondStrategyInput, makeTokenStrategyInput } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { strategyFacts } from './strategy-facts.ts';

const createdAt = '2026-11-01T00:00:00.000Z';

describe('strategyFacts', () => {
  it('sums up a bond strategy and its tax data', () => {
    const facts = Object.fromEntries(
      strategyFacts({ ...makeBondStrategyInput(), created_at: createdAt }).map((fact) => [
        fact.label,
        fact.value,
      ]),
    );
    expect(facts).toMatchObject({
      Style: 'Fixed income (B)',
      Assets: 'Max munis 60%, corporates 30%, treasuries 10%',
      Duration: 'Intermediate (4–6 years)',
      Liquidity: 'H (20–80)',
      'Tax-loss harvesting': 'Yes, HIFO',
      'Initial investment': '$500,000.00',
      'Tax rate': '35%',
      'Tax residency': 'CA',
      'AMT / NIIT': 'No / Yes',
    });
  });

  it('names the selected asset classes of a select strategy', () => {
    const input = makeBondStrategyInput({
      assets: { type: 'select', municipals: true, corporates: false, treasuries: true },
    });
    const assets = strategyFacts({ ...input, created_at: createdAt }).find(
      (fact) => fact.label === 'Assets',
    );
    expect(assets?.value).toBe('Municipals, Treasuries');
  });

  it('sums up a token strategy', () => {
    const facts = Object.fromEntries(
      strategyFacts({ ...makeTokenStrategyInput(), created_at: createdAt }).map((fact) => [
        fact.label,
        fact.value,
      ]),
    );
    expect(facts).toMatchObject({
      Style: 'Fixed-weight token basket (F)',
      Assets: 'BTC 60%, ETH 40%',
      Universe: 'TOP_20',
      Staking: 'Yes',
    });
  });
});
