import { describe, expect, it } from 'vitest';
import { makeTaxData } from '../testing/factories.ts';
import { validationErrorsOf } from '../testing/validation.ts';
import { TaxDataSchema, TaxExemptTaxDataSchema } from './tax.ts';

describe('tax data (product §5)', () => {
  it.each([0, 12, 24, 32, 35, 37] as const)('rate %d passes', (tax_rate) => {
    expect(validationErrorsOf(TaxDataSchema, makeTaxData({ tax_rate }))).toEqual([]);
  });

  it.each([10, 22, 36, 39.6])('rate %d fails', (tax_rate) => {
    expect(validationErrorsOf(TaxDataSchema, { ...makeTaxData(), tax_rate })).toEqual([
      {
        code: 'invalid_choice',
        detail: 'Please select a tax rate of 0, 12, 24, 32, 35 or 37.',
        attr: 'tax_rate',
      },
    ]);
  });

  it('initial investment of 350000 passes, 349999.99 fails', () => {
    expect(
      validationErrorsOf(TaxDataSchema, makeTaxData({ initial_investment_amount: 350_000 })),
    ).toEqual([]);
    expect(
      validationErrorsOf(TaxDataSchema, makeTaxData({ initial_investment_amount: 349_999.99 })),
    ).toEqual([
      {
        code: 'min_value',
        detail: 'The initial investment must be at least 350,000.',
        attr: 'initial_investment_amount',
      },
    ]);
  });

  it('residency is a state abbreviation or "Nowhere"', () => {
    expect(validationErrorsOf(TaxDataSchema, makeTaxData({ tax_residency: 'PR' }))).toEqual([]);
    expect(validationErrorsOf(TaxDataSchema, makeTaxData({ tax_residency: 'Nowhere' }))).toEqual(
      [],
    );
    expect(validationErrorsOf(TaxDataSchema, { ...makeTaxData(), tax_residency: 'Ohio' })).toEqual([
      { code: 'invalid_choice', detail: 'Please select a valid option.', attr: 'tax_residency' },
    ]);
  });
});

describe('tax-exempt tax data (product §5)', () => {
  const exempt = makeTaxData({
    tax_rate: 0,
    tax_residency: 'Nowhere',
    alternative_minimum_tax: false,
    net_investment_income_tax: false,
  });

  it('passes with rate 0, residency "Nowhere" and both flags false', () => {
    expect(validationErrorsOf(TaxExemptTaxDataSchema, exempt)).toEqual([]);
  });

  it.each([
    ['tax_rate', 12, 'A tax-exempt account must have a tax rate of 0.'],
    ['tax_residency', 'NY', 'A tax-exempt account must have a tax residency of "Nowhere".'],
    ['alternative_minimum_tax', true, 'A tax-exempt account cannot be subject to this tax.'],
    ['net_investment_income_tax', true, 'A tax-exempt account cannot be subject to this tax.'],
  ])('refuses %s = %j', (attr, value, detail) => {
    expect(validationErrorsOf(TaxExemptTaxDataSchema, { ...exempt, [attr]: value })).toEqual([
      { code: 'invalid_choice', detail, attr },
    ]);
  });

  it('still needs the minimum initial investment', () => {
    expect(
      validationErrorsOf(TaxExemptTaxDataSchema, { ...exempt, initial_investment_amount: 1000 }),
    ).toMatchObject([{ code: 'min_value', attr: 'initial_investment_amount' }]);
  });
});
