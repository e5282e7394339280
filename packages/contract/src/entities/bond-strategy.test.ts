import { describe, expect, it } from 'vitest';
import { validationErrorsOf } from '../testing/validation.ts';
import {
  BondAssetsSchema,
  CreditFactorSchema,
  DurationFactorSchema,
  LiquidityFactorSchema,
} from './bond-strategy.ts';
import { BondTaxOptionsSchema } from './tax.ts';

const SUM = 'The sum of the maximum allocations must be at least 100';
const SELECT = 'At least one asset class must be selected';
const PERCENT = 'Please enter a percentage between 0 and 100.';

function maxAllocation(muni: number, corp: number, tsry: number) {
  return { type: 'max_allocation', muni_max_pct: muni, corp_max_pct: corp, tsry_max_pct: tsry };
}

describe('bond assets, max allocation (product §5)', () => {
  it.each([
    [maxAllocation(50, 30, 20), 'exactly 100'],
    [maxAllocation(100, 100, 100), 'each at 100'],
    [maxAllocation(100, 0, 0), 'one class at 100'],
    [maxAllocation(60, 50, 0), 'over 100'],
  ])('%j passes (%s)', (assets) => {
    expect(validationErrorsOf(BondAssetsSchema, assets)).toEqual([]);
  });

  it.each([
    [maxAllocation(50, 30, 19)],
    [maxAllocation(0, 0, 0)],
    [maxAllocation(33.3, 33.3, 33.3)],
  ])('%j fails: sum below 100', (assets) => {
    expect(validationErrorsOf(BondAssetsSchema, assets)).toEqual([
      { code: 'invalid', detail: SUM, attr: 'non_field_errors' },
    ]);
  });

  it.each([
    ['muni_max_pct', maxAllocation(101, 0, 0), 'max_value'],
    ['corp_max_pct', maxAllocation(100, -1, 10), 'min_value'],
  ])('%s must lie in 0-100', (attr, assets, code) => {
    expect(validationErrorsOf(BondAssetsSchema, assets)).toEqual([{ code, detail: PERCENT, attr }]);
  });

  it('needs every percentage', () => {
    expect(
      validationErrorsOf(BondAssetsSchema, { type: 'max_allocation', muni_max_pct: 100 }),
    ).toEqual([
      { code: 'required', detail: 'This field is required.', attr: 'corp_max_pct' },
      { code: 'required', detail: 'This field is required.', attr: 'tsry_max_pct' },
    ]);
  });
});

describe('bond assets, select (product §5)', () => {
  const select = (municipals: boolean, corporates: boolean, treasuries: boolean) => ({
    type: 'select',
    municipals,
    corporates,
    treasuries,
  });

  it.each([
    [true, false, false],
    [false, true, false],
    [false, false, true],
    [true, true, true],
  ])('%s/%s/%s passes', (m, c, t) => {
    expect(validationErrorsOf(BondAssetsSchema, select(m, c, t))).toEqual([]);
  });

  it('none selected: "At least one asset class must be selected"', () => {
    expect(validationErrorsOf(BondAssetsSchema, select(false, false, false))).toEqual([
      { code: 'invalid', detail: SELECT, attr: 'non_field_errors' },
    ]);
  });

  it('an unknown kind of asset choice is refused on its tag', () => {
    expect(validationErrorsOf(BondAssetsSchema, { type: 'all' })).toEqual([
      { code: 'invalid_choice', detail: 'Please select a valid option.', attr: 'type' },
    ]);
  });
});

describe('duration (product §5: Short 2-3, Intermediate 3-7, Long 7-15)', () => {
  it.each([
    ['Short', 2, 3],
    ['Short', 2.5, 2.5],
    ['Intermediate', 3, 7],
    ['Long', 7, 15],
    ['Long', 10, 12],
  ])('%s %d-%d passes', (placement, min, max) => {
    expect(validationErrorsOf(DurationFactorSchema, { placement, min, max })).toEqual([]);
  });

  it.each([
    ['Short', 1.9, 3, 'min', 'A Short duration must be between 2 and 3.'],
    ['Short', 2, 3.1, 'max', 'A Short duration must be between 2 and 3.'],
    ['Intermediate', 2.9, 5, 'min', 'An Intermediate duration must be between 3 and 7.'],
    ['Intermediate', 3, 7.5, 'max', 'An Intermediate duration must be between 3 and 7.'],
    ['Long', 6, 10, 'min', 'A Long duration must be between 7 and 15.'],
    ['Long', 7, 16, 'max', 'A Long duration must be between 7 and 15.'],
  ])('%s %d-%d fails on %s', (placement, min, max, attr, detail) => {
    expect(validationErrorsOf(DurationFactorSchema, { placement, min, max })).toEqual([
      { code: 'invalid', detail, attr },
    ]);
  });

  it('min may not exceed max', () => {
    expect(
      validationErrorsOf(DurationFactorSchema, { placement: 'Long', min: 12, max: 8 }),
    ).toEqual([
      { code: 'invalid', detail: 'The minimum must not be greater than the maximum.', attr: 'min' },
    ]);
  });

  it('placement is Short, Intermediate or Long', () => {
    expect(
      validationErrorsOf(DurationFactorSchema, { placement: 'Medium', min: 4, max: 5 }),
    ).toEqual([
      { code: 'invalid_choice', detail: 'Please select a valid option.', attr: 'placement' },
    ]);
  });
});

describe('credit (product §5)', () => {
  const credit = { credit_universe: 'AA-', max_aa_pct: 0, max_a_pct: 100, max_bbb_pct: 50 };

  it.each(['AAA', 'AA+', 'AA', 'AA-', 'A+', 'A', 'A-', 'BBB+', 'BBB', 'BBB-'])(
    'credit_universe %s passes',
    (credit_universe) => {
      expect(validationErrorsOf(CreditFactorSchema, { ...credit, credit_universe })).toEqual([]);
    },
  );

  it.each(['BB+', 'aaa', 'A1'])('credit_universe %s fails', (credit_universe) => {
    expect(validationErrorsOf(CreditFactorSchema, { ...credit, credit_universe })).toEqual([
      { code: 'invalid_choice', detail: 'Please select a valid option.', attr: 'credit_universe' },
    ]);
  });

  it.each([
    ['max_aa_pct', 101, 'max_value'],
    ['max_a_pct', -0.5, 'min_value'],
    ['max_bbb_pct', 100.01, 'max_value'],
  ])('%s %d is outside 0-100', (attr, value, code) => {
    expect(validationErrorsOf(CreditFactorSchema, { ...credit, [attr]: value })).toEqual([
      { code, detail: PERCENT, attr },
    ]);
  });
});

describe('liquidity (product §5)', () => {
  it.each(['H', 'P', 'U'])('target %s passes', (target) => {
    expect(validationErrorsOf(LiquidityFactorSchema, { target, min: 1, max: 100 })).toEqual([]);
  });

  it('target outside H, P, U fails', () => {
    expect(validationErrorsOf(LiquidityFactorSchema, { target: 'L', min: 1, max: 100 })).toEqual([
      { code: 'invalid_choice', detail: 'Please select a valid option.', attr: 'target' },
    ]);
  });

  it.each([
    ['min', 0, 'min_value'],
    ['max', 101, 'max_value'],
  ])('%s %d is outside 1-100', (attr, value, code) => {
    expect(
      validationErrorsOf(LiquidityFactorSchema, { target: 'P', min: 1, max: 100, [attr]: value }),
    ).toEqual([{ code, detail: 'Please enter a value between 1 and 100.', attr }]);
  });
});

describe('liquidity range order', () => {
  it('min may not exceed max', () => {
    expect(validationErrorsOf(LiquidityFactorSchema, { target: 'U', min: 60, max: 40 })).toEqual([
      { code: 'invalid', detail: 'The minimum must not be greater than the maximum.', attr: 'min' },
    ]);
  });
});

describe('accounting method (product §5)', () => {
  const options = { tax_loss_harvest: true, total_tax_budget: null };

  it.each(['COST', 'LIFO', 'HIFO', 'FIFO'])('%s passes', (tax_accounting_method) => {
    expect(validationErrorsOf(BondTaxOptionsSchema, { ...options, tax_accounting_method })).toEqual(
      [],
    );
  });

  it('anything else fails', () => {
    expect(
      validationErrorsOf(BondTaxOptionsSchema, { ...options, tax_accounting_method: 'AVERAGE' }),
    ).toEqual([
      {
        code: 'invalid_choice',
        detail: 'Please select a valid option.',
        attr: 'tax_accounting_method',
      },
    ]);
  });
});
