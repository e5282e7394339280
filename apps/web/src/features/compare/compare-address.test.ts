import type { FormOption } from '@ballast/contract';
import { makeBondStrategyInput, makeTokenStrategyInput } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import {
  buildAddress,
  type Comparison,
  comparisonFromSearch,
  comparisonToSearch,
} from './compare-address.ts';

const bond = makeBondStrategyInput();
const token = makeTokenStrategyInput();

function roundTrip(comparison: Comparison) {
  // Through the text of an address, as a shared link carries it.
  const text = comparisonToSearch(comparison).toString();
  return comparisonFromSearch(new URLSearchParams(text));
}

describe('the address of a comparison', () => {
  it('restores its strategies in order, its goal and whose comparer is open', () => {
    const comparison: Comparison = {
      sources: [
        { kind: 'portfolio', portfolioId: 'p-1' },
        { kind: 'strategy', strategy: bond },
        { kind: 'strategy', strategy: token },
      ],
      goal: 'liquidity',
      comparerOf: 1,
    };
    expect(roundTrip(comparison)).toEqual({ comparison, dropped: 0 });
  });

  it('leaves out what it cannot read and says how many strategies it dropped', () => {
    const search = new URLSearchParams();
    search.append('s', 'portfolio:p-1');
    search.append('s', 'strategy:{not json');
    search.append('s', `strategy:${JSON.stringify({ ...bond, style: 'Z' })}`);
    search.append('s', 'nonsense');
    search.set('goal', 'fame');
    search.set('comparer', '3');
    expect(comparisonFromSearch(search)).toEqual({
      comparison: {
        sources: [{ kind: 'portfolio', portfolioId: 'p-1' }],
        goal: 'tax_equivalent_yield',
        comparerOf: null,
      },
      dropped: 3,
    });
  });

  it('keeps four strategies at most', () => {
    const search = new URLSearchParams();
    for (const id of ['1', '2', '3', '4', '5']) search.append('s', `portfolio:${id}`);
    const { comparison, dropped } = comparisonFromSearch(search);
    expect(
      comparison.sources.map((source) => source.kind === 'portfolio' && source.portfolioId),
    ).toEqual(['1', '2', '3', '4']);
    expect(dropped).toBe(1);
  });

  it('adds the strategy Build carries over as one more column', () => {
    const search = new URLSearchParams({ strategy: JSON.stringify(bond) });
    search.append('s', 'portfolio:p-1');
    expect(comparisonFromSearch(search).comparison.sources).toEqual([
      { kind: 'portfolio', portfolioId: 'p-1' },
      { kind: 'strategy', strategy: bond },
    ]);
  });

  it('puts the portfolio Build was changing before the strategy it carries over', () => {
    const address = new URL(paths.compareFromBuild(bond, 'p-7'), 'http://localhost');
    expect(address.pathname).toBe(paths.compare);
    expect(comparisonFromSearch(address.searchParams)).toEqual({
      comparison: {
        sources: [
          { kind: 'portfolio', portfolioId: 'p-7' },
          { kind: 'strategy', strategy: bond },
        ],
        goal: 'tax_equivalent_yield',
        comparerOf: null,
      },
      dropped: 0,
    });
    const alone = new URL(paths.compareFromBuild(token, null), 'http://localhost');
    expect(comparisonFromSearch(alone.searchParams).comparison.sources).toEqual([
      { kind: 'strategy', strategy: token },
    ]);
  });

  it('opens Build in its own address: the style and each option’s field, as Build reads them', () => {
    const field = (payload_field_name: string): FormOption => ({
      form_name: payload_field_name,
      form_summary: '',
      form_description: '',
      value_type: 'select',
      values: [],
      payload_field_name,
      default_value: null,
    });
    const options = [
      'strategy.assets.type',
      'strategy.assets.muni_max_pct',
      // Of the other asset variant: the strategy has no such field, so it is not written.
      'strategy.assets.municipals',
      'strategy.factors.duration.placement',
      'strategy.tax_options.total_tax_budget',
      'strategy.constraints.excluded_corporate_sectors',
    ].map(field);
    const address = new URL(buildAddress(bond, options), 'http://localhost');
    expect(address.pathname).toBe('/portfolio/build');
    expect([...address.searchParams]).toEqual([
      ['style', 'B'],
      ['strategy.assets.type', 'max_allocation'],
      ['strategy.assets.muni_max_pct', '60'],
      ['strategy.factors.duration.placement', 'Intermediate'],
      ['strategy.tax_options.total_tax_budget', 'null'],
      ['strategy.constraints.excluded_corporate_sectors', '["Tobacco"]'],
    ]);
  });
});
