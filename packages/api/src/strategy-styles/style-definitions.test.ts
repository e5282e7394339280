import {
  CREDIT_UNIVERSE,
  DURATION_RANGES,
  type FormOption,
  FormOptionSchema,
  LIQUIDITY_CODES,
  MINIMUM_INITIAL_INVESTMENT,
  StrategyInputSchema,
  StrategyStyleInfoSchema,
  TAX_ACCOUNTING_METHODS,
  TAX_RATES,
  TAX_RESIDENCIES,
  US_STATES,
} from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import {
  findValueAt,
  STYLE_DEFINITIONS,
  type StyleDefinition,
  withValueAt,
} from './style-definitions.ts';

/** The default strategy with a choice and what it imposes on other fields applied. */
function choose(
  strategy: unknown,
  option: FormOption,
  value: FormOption['values'][number],
): unknown {
  const chosen = withValueAt(strategy, option.payload_field_name, value.value);
  return Object.entries(value.constraints ?? {}).reduce(
    (changed, [path, imposed]) => withValueAt(changed, path, imposed),
    chosen,
  );
}

/**
 * The strategy in which an option's field exists: the default one, or for a field of the asset
 * variant the default does not use, the default with that variant chosen.
 */
function strategyWithField(style: StyleDefinition, path: string): unknown {
  if (findValueAt(style.defaultStrategy, path) !== undefined) return style.defaultStrategy;
  for (const option of style.options) {
    for (const value of option.values) {
      if (value.constraints && path in value.constraints) {
        return choose(style.defaultStrategy, option, value);
      }
    }
  }
  return undefined;
}

function errorsOf(strategy: unknown) {
  return StrategyInputSchema.safeParse(strategy).error?.issues;
}

function optionAt(style: StyleDefinition, path: string): FormOption {
  const found = style.options.find((option) => option.payload_field_name === path);
  if (!found) throw new Error(`no option for ${path}`);
  return found;
}

const byName = (name: string) =>
  STYLE_DEFINITIONS.find((style) => style.name === name) as StyleDefinition;

describe('the styles', () => {
  it('are B, D, A and F in that order, each described as the contract lists them', () => {
    expect(STYLE_DEFINITIONS.map((style) => style.name)).toEqual(['B', 'D', 'A', 'F']);
    for (const style of STYLE_DEFINITIONS) {
      expect(StrategyStyleInfoSchema.parse(style)).toMatchObject({ name: style.name });
      expect(style.summary.length).toBeGreaterThan(0);
    }
  });
});

describe.each(STYLE_DEFINITIONS.map((style) => [style.name, style] as const))(
  'strategy style %s',
  (_name, style) => {
    it('starts from a default strategy the contract accepts', () => {
      expect(errorsOf(style.defaultStrategy)).toBeUndefined();
      expect(style.defaultStrategy.style).toBe(style.name);
    });

    it('describes every option as the contract reads it, one option per field', () => {
      for (const option of style.options) FormOptionSchema.parse(option);
      const paths = style.options.map((option) => option.payload_field_name);
      expect(new Set(paths).size).toBe(paths.length);
    });

    it.each(style.options.map((option) => [option.payload_field_name, option] as const))(
      '%s names a field of the strategy, starts at its value, and that value is accepted there',
      (path, option) => {
        const strategy = strategyWithField(style, path);
        expect(strategy, `${path} is not a field of the default strategy`).toBeDefined();
        expect(findValueAt(strategy, path)).toEqual(option.default_value);
        expect(errorsOf(withValueAt(strategy, path, option.default_value))).toBeUndefined();
      },
    );

    it('offers only choices the contract accepts, with what each imposes', () => {
      for (const option of style.options) {
        const base = strategyWithField(style, option.payload_field_name);
        for (const value of option.values) {
          if (option.value_type === 'select' || option.value_type === 'toggle') {
            expect(
              errorsOf(choose(base, option, value)),
              `${option.payload_field_name} = ${String(value.value)}`,
            ).toBeUndefined();
          }
          if (option.value_type === 'multi_select') {
            const picked = withValueAt(base, option.payload_field_name, [value.value]);
            expect(errorsOf(picked), String(value.value)).toBeUndefined();
          }
          if (option.value_type === 'instrument_percentages') {
            const limit = { instrument: value.value, limit_pct: value.limits?.max };
            const limited = withValueAt(base, option.payload_field_name, [limit]);
            expect(errorsOf(limited), String(value.value)).toBeUndefined();
          }
        }
      }
    });

    it('keeps every bounded default inside its bounds, and the bounds are accepted', () => {
      for (const option of style.options) {
        if (option.value_type !== 'range' && option.value_type !== 'number') continue;
        const limits = option.values[0]?.limits;
        expect(limits, option.payload_field_name).toBeTruthy();
        if (!limits || option.default_value === null) continue;
        expect(option.default_value as number).toBeGreaterThanOrEqual(limits.min);
        expect(option.default_value as number).toBeLessThanOrEqual(limits.max);
      }
    });
  },
);

describe('the bond form', () => {
  const bond = byName('B');

  it('offers the product §5 and product §9 choices exactly', () => {
    const valuesAt = (path: string) => optionAt(bond, path).values.map((value) => value.value);
    expect(valuesAt('strategy.assets.type')).toEqual(['max_allocation', 'select']);
    expect(valuesAt('strategy.factors.duration.placement')).toEqual([
      'Short',
      'Intermediate',
      'Long',
    ]);
    expect(valuesAt('strategy.factors.credit.credit_universe')).toEqual([...CREDIT_UNIVERSE]);
    expect(valuesAt('strategy.factors.liquidity.target')).toEqual([...LIQUIDITY_CODES]);
    expect(valuesAt('tax_data.tax_rate')).toEqual([...TAX_RATES]);
    expect(valuesAt('tax_data.tax_residency')).toEqual([...TAX_RESIDENCIES]);
    expect(valuesAt('strategy.tax_options.tax_accounting_method')).toEqual([
      ...TAX_ACCOUNTING_METHODS,
    ]);
    for (const path of [
      'tax_data.alternative_minimum_tax',
      'tax_data.net_investment_income_tax',
      'strategy.tax_options.tax_loss_harvest',
      'strategy.assets.municipals',
    ]) {
      expect(valuesAt(path)).toEqual([true, false]);
    }
    for (const path of [
      'strategy.constraints.excluded_municipal_sectors',
      'strategy.constraints.excluded_corporate_sectors',
      'strategy.constraints.excluded_municipal_issuers',
      'strategy.constraints.excluded_corporate_issuers',
    ]) {
      expect(optionAt(bond, path).default_value).toEqual([]);
    }
  });

  it('states the bounds: percentages 0-100, liquidity 1-100, the minimum investment', () => {
    const limitsAt = (path: string) => optionAt(bond, path).values[0]?.limits;
    for (const field of [
      'assets.muni_max_pct',
      'assets.corp_max_pct',
      'assets.tsry_max_pct',
      'factors.credit.max_aa_pct',
      'factors.credit.max_a_pct',
      'factors.credit.max_bbb_pct',
    ]) {
      expect(limitsAt(`strategy.${field}`)).toEqual({ min: 0, max: 100 });
    }
    expect(limitsAt('strategy.factors.liquidity.min')).toEqual({ min: 1, max: 100 });
    expect(limitsAt('tax_data.initial_investment_amount')?.min).toBe(MINIMUM_INITIAL_INVESTMENT);
  });

  it('describes each duration placement with its product §9 range, and moves the bounds with it', () => {
    const placement = optionAt(bond, 'strategy.factors.duration.placement');
    for (const value of placement.values) {
      const band = DURATION_RANGES[value.value as keyof typeof DURATION_RANGES];
      expect(value.limits).toEqual(band);
      expect(value.description).toBe(`Average duration between ${band.min} and ${band.max} years.`);
      expect(value.constraints).toEqual({
        'strategy.factors.duration.min': band.min,
        'strategy.factors.duration.max': band.max,
      });
    }
  });

  it('names each residency as the state list does', () => {
    const residency = optionAt(bond, 'tax_data.tax_residency');
    expect(residency.values).toHaveLength(US_STATES.length + 1);
    expect(residency.values.find((value) => value.value === 'GU')?.summary).toBe('Guam');
  });

  it('refuses an allocation the contract refuses, so the test above can fail', () => {
    const base = bond.defaultStrategy;
    expect(errorsOf(withValueAt(base, 'strategy.assets.muni_max_pct', 101))).toBeDefined();
    expect(errorsOf(withValueAt(base, 'strategy.factors.duration.min', 2))).toBeDefined();
    expect(findValueAt(base, 'strategy.assets.municipals')).toBeUndefined();
  });
});

describe('the token forms', () => {
  it('offer universe, weighting, rebalancing, exclusions, limits and staking', () => {
    for (const name of ['D', 'A', 'F']) {
      const paths = byName(name).options.map((option) => option.payload_field_name);
      expect(paths).toEqual(
        expect.arrayContaining([
          'strategy.token_universe',
          'strategy.calculation_methodology',
          'strategy.recalculation_frequency',
          'strategy.constraints.exclude',
          'strategy.constraints.limits',
          'strategy.tax_options.staking',
        ]),
      );
    }
  });

  it('offer the fixed basket slot by slot', () => {
    const basket = byName('F');
    expect(findValueAt(basket.defaultStrategy, 'strategy.assets.2.instrument')).toBe('SOL');
    expect(optionAt(basket, 'strategy.assets.0.target_pct').default_value).toBe(50);
    expect(
      byName('D').options.some((option) => option.payload_field_name.startsWith('strategy.assets')),
    ).toBe(false);
  });
});
