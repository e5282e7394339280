import type { FormOption, FormOptions, FormValue } from '@ballast/contract';
import { makeBondStrategyInput } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { defaultStrategy, valueAt, withChoice, withValueAt } from './strategy-draft.ts';

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
              ])
            : option(path, 'number', value),
      ),
      // Of the variant the default does not use: written, then dropped by the contract.
      option('strategy.assets.municipals', 'toggle', true),
    ],
    default_simulation_results: [],
  };
}

describe('a strategy built from form options', () => {
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
    expect(picked && valueAt(picked, 'strategy.assets')).toEqual({
      type: 'select',
      municipals: true,
      corporates: false,
      treasuries: true,
    });
  });

  it('writes list items by index', () => {
    expect(withValueAt({}, 'strategy.assets.0.instrument', 'BTC')).toEqual({
      strategy: { assets: [{ instrument: 'BTC' }] },
    });
  });
});
