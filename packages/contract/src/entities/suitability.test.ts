import { describe, expect, it } from 'vitest';
import { makeSuitability } from '../testing/factories.ts';
import { validationErrorsOf } from '../testing/validation.ts';
import { KycInputSchema } from './kyc.ts';
import { SuitabilitySchema } from './suitability.ts';

describe('suitability (product §5)', () => {
  it('accepts a complete answer set', () => {
    expect(validationErrorsOf(SuitabilitySchema, makeSuitability())).toEqual([]);
  });

  describe.each([
    ['sophistication', ['NONE', 'LOW', 'HIGH']],
    ['objective', ['INCOME', 'GROWTH', 'CAPITAL_PRESERVATION']],
    ['risk', ['LOW', 'MODERATE', 'HIGH']],
    ['time_horizon', ['SHORT_TERM', 'LONG_TERM', 'GENERATIONAL']],
    ['tax_status', ['UP', 'DOWN', 'NO_CHANGE']],
  ])('%s', (field, values) => {
    it.each(values)('accepts %s', (value) => {
      expect(
        validationErrorsOf(SuitabilitySchema, { ...makeSuitability(), [field]: value }),
      ).toEqual([]);
    });

    it('refuses anything else', () => {
      expect(
        validationErrorsOf(SuitabilitySchema, { ...makeSuitability(), [field]: 'SOMETIMES' }),
      ).toEqual([{ code: 'invalid_choice', detail: 'Please select a valid option.', attr: field }]);
    });
  });
});

describe('KYC input (product §5)', () => {
  const kyc = { id: '7d1c3f4e-2b6a-4c8d-9e0f-1a2b3c4d5e6f', owner_name: 'Ada Lovelace' };

  it('takes a description of 1024 characters', () => {
    expect(validationErrorsOf(KycInputSchema, { ...kyc, description: 'x'.repeat(1024) })).toEqual(
      [],
    );
  });

  it('refuses 1025 characters', () => {
    expect(validationErrorsOf(KycInputSchema, { ...kyc, description: 'x'.repeat(1025) })).toEqual([
      {
        code: 'max_string_length',
        detail: 'Ensure this field has no more than 1024 characters.',
        attr: 'description',
      },
    ]);
  });
});
