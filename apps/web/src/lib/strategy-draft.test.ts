import {
  DURATION_OUT_OF_RANGE,
  type FormOption,
  type FormOptions,
  type FormValue,
  INITIAL_INVESTMENT_TOO_SMALL,
  INVALID_TAX_RATE,
  LIQUIDITY_OUT_OF_RANGE,
  MAX_ALLOCATION_SUM_TOO_SMALL,
  MINIMUM_ABOVE_MAXIMUM,
  PERCENT_OUT_OF_RANGE,
  SELECT_AT_LEAST_ONE_ASSET_CLASS,
  SELECT_VALID_OPTION,
  TAX_EXEMPT_FLAG_SET,
  TAX_EXEMPT_RATE_NOT_ZERO,
  TAX_EXEMPT_RESIDENCY_REQUIRED,
} from '@ballast/contract';
import { makeBondStrategyInput } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import {
  BASKET_FORM_OPTIONS,
  BOND_FORM_OPTIONS,
  bondWith,
  optionAt,
} from './form-options.fixture.ts';
import {
  activeOptions,
  checkDraft,
  defaultDraft,
  defaultStrategy,
  limitsOf,
  readAt,
  type StrategyDraft,
  withChoice,
  withTaxExemptValues,
  writeAt,
} from './strategy-draft.ts';

function messagesOf(draft: StrategyDraft, taxExempt = false): Record<string, readonly string[]> {
  const check = checkDraft(draft, { taxExempt });
  return check.ok ? {} : Object.fromEntries(check.errors);
}

describe('writing a draft at a payload path', () => {
  it('creates the objects and lists on the way, and leaves the source alone', () => {
    const source = { style: 'F', strategy: {}, tax_data: {} };
    const written = writeAt(source, 'strategy.assets.0.instrument', 'BTC');
    expect(written).toEqual({
      style: 'F',
      strategy: { assets: [{ instrument: 'BTC' }] },
      tax_data: {},
    });
    expect(source.strategy).toEqual({});
    expect(readAt(written, 'strategy.assets.0.instrument')).toBe('BTC');
    expect(writeAt(written, 'strategy.assets', undefined)).toEqual({
      style: 'F',
      strategy: {},
      tax_data: {},
    });
  });
});

describe('the default strategy of a style', () => {
  it('is every option at its default, a valid bond strategy without the other variant’s fields', () => {
    const draft = defaultDraft('B', BOND_FORM_OPTIONS);
    expect(checkDraft(draft, { taxExempt: false }).ok).toBe(true);
    expect(readAt(draft, 'strategy.assets')).toEqual({
      type: 'max_allocation',
      muni_max_pct: 70,
      corp_max_pct: 30,
      tsry_max_pct: 30,
    });
    expect(readAt(draft, 'tax_data.initial_investment_amount')).toBe(1_000_000);
  });

  it('is a valid token strategy, its lists empty where no option fills them', () => {
    const draft = defaultDraft('F', BASKET_FORM_OPTIONS);
    expect(checkDraft(draft, { taxExempt: false }).ok).toBe(true);
    expect(readAt(draft, 'strategy.assets')).toEqual([{ instrument: 'BTC', target_pct: 100 }]);
    const derived = defaultDraft('D', BASKET_FORM_OPTIONS.slice(2));
    expect(readAt(derived, 'strategy.assets')).toEqual([]);
    expect(checkDraft(derived, { taxExempt: false }).ok).toBe(true);
  });
});

describe('constraints of a chosen value', () => {
  it('switching the asset variant brings its fields and drops the other’s', () => {
    const shown = (draft: StrategyDraft) =>
      activeOptions(BOND_FORM_OPTIONS, draft)
        .map((option) => option.payload_field_name)
        .filter((path) => path.startsWith('strategy.assets.'));
    expect(shown(defaultDraft('B', BOND_FORM_OPTIONS))).toEqual([
      'strategy.assets.type',
      'strategy.assets.muni_max_pct',
      'strategy.assets.corp_max_pct',
      'strategy.assets.tsry_max_pct',
    ]);
    const select = bondWith({ 'strategy.assets.type': 'select' });
    expect(readAt(select, 'strategy.assets')).toEqual({
      type: 'select',
      municipals: true,
      corporates: true,
      treasuries: true,
    });
    expect(shown(select)).toEqual([
      'strategy.assets.type',
      'strategy.assets.municipals',
      'strategy.assets.corporates',
      'strategy.assets.treasuries',
    ]);
  });

  it('a duration placement moves the bounds to its band and limits them to it', () => {
    const long = bondWith({ 'strategy.factors.duration.placement': 'Long' });
    expect(readAt(long, 'strategy.factors.duration')).toEqual({
      placement: 'Long',
      min: 7,
      max: 15,
    });
    const min = optionAt(BOND_FORM_OPTIONS, 'strategy.factors.duration.min');
    expect(limitsOf(BOND_FORM_OPTIONS, long, min)).toEqual({ min: 7, max: 15 });
    const liquidity = optionAt(BOND_FORM_OPTIONS, 'strategy.factors.liquidity.min');
    expect(limitsOf(BOND_FORM_OPTIONS, long, liquidity)).toEqual({ min: 1, max: 100 });
  });
});

describe('product §5 rules, with the contract’s messages', () => {
  it('bond strategy', () => {
    expect(messagesOf(bondWith({ 'strategy.assets.muni_max_pct': 30 }))).toEqual({
      'strategy.assets': [MAX_ALLOCATION_SUM_TOO_SMALL],
    });
    expect(
      messagesOf(
        bondWith({
          'strategy.assets.type': 'select',
          'strategy.assets.municipals': false,
          'strategy.assets.corporates': false,
          'strategy.assets.treasuries': false,
        }),
      ),
    ).toEqual({ 'strategy.assets': [SELECT_AT_LEAST_ONE_ASSET_CLASS] });
    expect(messagesOf(bondWith({ 'strategy.factors.duration.min': 2.5 }))).toEqual({
      'strategy.factors.duration.min': [DURATION_OUT_OF_RANGE.Intermediate],
    });
    expect(messagesOf(bondWith({ 'strategy.factors.duration.min': 6.5 }))).toEqual({
      'strategy.factors.duration.min': [MINIMUM_ABOVE_MAXIMUM],
    });
    expect(messagesOf(bondWith({ 'strategy.factors.credit.max_a_pct': 101 }))).toEqual({
      'strategy.factors.credit.max_a_pct': [PERCENT_OUT_OF_RANGE],
    });
    expect(messagesOf(bondWith({ 'strategy.factors.credit.credit_universe': 'BB' }))).toEqual({
      'strategy.factors.credit.credit_universe': [SELECT_VALID_OPTION],
    });
    expect(messagesOf(bondWith({ 'strategy.factors.liquidity.min': 0 }))).toEqual({
      'strategy.factors.liquidity.min': [LIQUIDITY_OUT_OF_RANGE],
    });
    expect(
      messagesOf(bondWith({ 'strategy.tax_options.tax_accounting_method': 'AVERAGE' })),
    ).toEqual({ 'strategy.tax_options.tax_accounting_method': [SELECT_VALID_OPTION] });
  });

  it('tax data, and the tax-exempt variant', () => {
    expect(messagesOf(bondWith({ 'tax_data.tax_rate': 30 }))).toEqual({
      'tax_data.tax_rate': [INVALID_TAX_RATE],
    });
    expect(messagesOf(bondWith({ 'tax_data.initial_investment_amount': 349_999 }))).toEqual({
      'tax_data.initial_investment_amount': [INITIAL_INVESTMENT_TOO_SMALL],
    });
    expect(messagesOf(defaultDraft('B', BOND_FORM_OPTIONS), true)).toEqual({
      'tax_data.tax_rate': [TAX_EXEMPT_RATE_NOT_ZERO],
      'tax_data.tax_residency': [TAX_EXEMPT_RESIDENCY_REQUIRED],
      'tax_data.net_investment_income_tax': [TAX_EXEMPT_FLAG_SET],
    });
    expect(messagesOf(withTaxExemptValues(defaultDraft('B', BOND_FORM_OPTIONS)), true)).toEqual({});
  });
});

function option(
  path: string,
  value_type: string,
  default_value: FormValue,
  values: FormOption['values'] = [],
): FormOption {
  return {
    form_name: path,
    form_summary: '',
    form_description: '',
    value_type,
    values,
    payload_field_name: path,
    default_value,
  };
}

function choice(value: FormValue, constraints: Record<string, FormValue> | null = null) {
  return { value, limits: null, icon: null, summary: String(value), description: '', constraints };
}

const base = makeBondStrategyInput();

/** The bond form as the api serves it: every leaf of the default, plus the other variant's. */
function bondForm(): FormOptions {
  const leaves: [string, FormValue][] = [];
  const walk = (value: unknown, path: string) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, item] of Object.entries(value)) walk(item, path ? `${path}.${key}` : key);
    } else if (path !== 'style') leaves.push([path, value as FormValue]);
  };
  walk(base, '');
  return {
    name: 'B',
    options: [
      ...leaves.map(([path, value]) =>
        path === 'strategy.assets.type'
          ? option(path, 'select', value, [
              choice('max_allocation', {
                'strategy.assets.muni_max_pct': 70,
                'strategy.assets.corp_max_pct': 30,
                'strategy.assets.tsry_max_pct': 30,
              }),
              choice('select', {
                'strategy.assets.municipals': true,
                'strategy.assets.corporates': false,
                'strategy.assets.treasuries': true,
              }),
            ])
          : path === 'strategy.factors.duration.placement'
            ? option(path, 'select', value, [
                choice('Short', {
                  'strategy.factors.duration.min': 2,
                  'strategy.factors.duration.max': 3,
                }),
                // The default's own choice, as every form offers it: its bounds stay.
                choice('Intermediate', {
                  'strategy.factors.duration.min': 4,
                  'strategy.factors.duration.max': 6,
                }),
              ])
            : option(path, 'number', value),
      ),
      // Of the variant the default does not use: written, then dropped by the contract.
      option('strategy.assets.municipals', 'toggle', true),
    ],
    default_simulation_results: [],
  };
}

describe('a whole strategy built from form options, as Compare builds one', () => {
  it('starts as the style’s default, without the other asset variant’s fields', () => {
    expect(defaultStrategy(bondForm())).toEqual(base);
  });

  it('takes a choice with the fields it imposes', () => {
    const form = bondForm();
    const placement = form.options.find(
      (item) => item.payload_field_name === 'strategy.factors.duration.placement',
    );
    if (!placement) throw new Error('no placement option');
    const short = withChoice(base, placement, 'Short');
    expect(short?.style === 'B' && short.strategy.factors.duration).toEqual({
      placement: 'Short',
      min: 2,
      max: 3,
    });
  });

  it('switches the asset variant whole', () => {
    const assetType = bondForm().options.find(
      (item) => item.payload_field_name === 'strategy.assets.type',
    );
    if (!assetType) throw new Error('no asset option');
    const picked = withChoice(base, assetType, 'select');
    expect(picked && readAt(picked, 'strategy.assets')).toEqual({
      type: 'select',
      municipals: true,
      corporates: false,
      treasuries: true,
    });
  });

  it('writes list items by index', () => {
    expect(writeAt({}, 'strategy.assets.0.instrument', 'BTC')).toEqual({
      strategy: { assets: [{ instrument: 'BTC' }] },
    });
  });
});
