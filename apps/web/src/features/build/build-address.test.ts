import { describe, expect, it } from 'vitest';
import { BOND_FORM_OPTIONS, bondWith } from '../../lib/form-options.fixture.ts';
import { defaultDraft } from '../../lib/strategy-draft.ts';
import { buildSearch, draftFromSearch } from './build-address.ts';

describe('the build in the address', () => {
  it('names only the style when nothing differs from its defaults', () => {
    const search = buildSearch({
      draft: defaultDraft('B', BOND_FORM_OPTIONS),
      formOptions: BOND_FORM_OPTIONS,
      portfolioId: null,
      taxExempt: false,
    });
    expect(search.toString()).toBe('style=B');
  });

  it('gives back the same strategy, a choice’s constraints and later fields included', () => {
    const draft = bondWith({
      'strategy.assets.type': 'select',
      'strategy.assets.treasuries': false,
      'strategy.factors.duration.placement': 'Long',
      'strategy.factors.duration.min': 8,
      'strategy.constraints.excluded_municipal_issuers': ['City of Springfield'],
      'tax_data.tax_rate': 24,
      'strategy.tax_options.total_tax_budget': 25_000,
    });
    const search = buildSearch({
      draft,
      formOptions: BOND_FORM_OPTIONS,
      portfolioId: 'c0ffee00-0000-4000-8000-000000000001',
      taxExempt: true,
    });
    expect(search.get('strategy.factors.duration.placement')).toBe('Long');
    expect(search.get('strategy.factors.duration.max')).toBeNull();
    expect(search.get('tax_data.tax_rate')).toBe('24');
    expect(search.get('tax_exempt')).toBe('true');
    const restored = draftFromSearch(
      'B',
      BOND_FORM_OPTIONS,
      new URLSearchParams(search.toString()),
    );
    expect(restored).toEqual(draft);
  });

  it('keeps a figure the advisor is still typing, so the message stays after a reload', () => {
    const draft = bondWith({ 'tax_data.initial_investment_amount': '12x' });
    const search = buildSearch({
      draft,
      formOptions: BOND_FORM_OPTIONS,
      portfolioId: null,
      taxExempt: false,
    });
    expect(draftFromSearch('B', BOND_FORM_OPTIONS, search)).toEqual(draft);
  });
});
