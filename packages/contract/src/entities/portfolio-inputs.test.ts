import { describe, expect, it } from 'vitest';
import { makeCustodianInput, makePortfolioInputs } from '../testing/factories.ts';
import { validationErrorsOf } from '../testing/validation.ts';
import { PortfolioInputsDraftSchema, PortfolioInputsSchema } from './portfolio-inputs.ts';

describe('portfolio inputs', () => {
  const withEmptyAccount = makePortfolioInputs({
    custodians: [makeCustodianInput(), makeCustodianInput({ account_number: '' })],
  });

  it('a draft may leave an account number empty', () => {
    expect(validationErrorsOf(PortfolioInputsDraftSchema, withEmptyAccount)).toEqual([]);
  });

  it('opening needs every account number', () => {
    expect(validationErrorsOf(PortfolioInputsSchema, withEmptyAccount)).toEqual([
      {
        code: 'blank',
        detail: 'Account number cannot be empty.',
        attr: 'custodians.1.account_number',
      },
    ]);
  });

  it('reports KYC input by index', () => {
    const inputs = makePortfolioInputs();
    const [kyc] = inputs.kyc_input_data;
    if (!kyc) throw new Error('factory lost its KYC line');
    inputs.kyc_input_data = [kyc, { ...kyc, description: 'x'.repeat(1025) }];
    expect(validationErrorsOf(PortfolioInputsSchema, inputs)).toMatchObject([
      { code: 'max_string_length', attr: 'kyc_input_data.1.description' },
    ]);
  });
});
