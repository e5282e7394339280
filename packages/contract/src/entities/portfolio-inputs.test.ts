import { describe, expect, it } from 'vitest';
import { makeCustodianInput, makePortfolioInputs } from '../testing/factories.ts';
import { validationErrorsOf } from '../testing/validation.ts';
import { ClientDataDraftSchema } from './client-data.ts';
import { PortfolioInputsDraftSchema, PortfolioInputsSchema } from './portfolio-inputs.ts';
import { SuitabilityDraftSchema } from './suitability.ts';

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

describe('draft client data and suitability', () => {
  const partialOwner = { first_name: 'Grace', taxid: '123-45-6789' };

  it('a draft owner may hold only what has been typed', () => {
    const draft = { client_data: { owners: [partialOwner] }, client_suitability_data: {} };
    expect(validationErrorsOf(PortfolioInputsDraftSchema.partial(), draft)).toEqual([]);
    expect(
      validationErrorsOf(ClientDataDraftSchema, {
        account_type: 'J',
        owners: [{ ...partialOwner, email: 'not yet', DOB: '1850-01-01', employment: {} }],
      }),
    ).toEqual([]);
  });

  it('refuses values of the wrong type and texts over their length, at their attrs', () => {
    const errors = validationErrorsOf(ClientDataDraftSchema, {
      account_type: 'X',
      owners: [
        {
          role: 'NOBODY',
          first_name: 42,
          personal_address: { state: 'ABCD', zip_code: '1'.repeat(11) },
          employment: { years_employed: -1 },
          disclosures: { ofac_sanctioned: 'one' },
        },
      ],
    });
    expect(errors.map(({ attr, detail }) => ({ attr, detail }))).toEqual(
      expect.arrayContaining([
        { attr: 'account_type', detail: 'Please enter a valid value.' },
        { attr: 'owners.0.role', detail: 'Please select a role.' },
        { attr: 'owners.0.first_name', detail: 'Please enter a valid value.' },
        {
          attr: 'owners.0.personal_address.state',
          detail: 'Ensure this field has no more than 3 characters.',
        },
        {
          attr: 'owners.0.personal_address.zip_code',
          detail: 'Ensure this field has no more than 10 characters.',
        },
        { attr: 'owners.0.employment.years_employed', detail: 'Please enter a valid value.' },
        { attr: 'owners.0.disclosures.ofac_sanctioned', detail: 'Please enter a valid value.' },
      ]),
    );
    expect(errors).toHaveLength(7);
  });

  it('a draft suitability may be partial, each field valid when given', () => {
    expect(validationErrorsOf(SuitabilityDraftSchema, { investment_amount: 500_000 })).toEqual([]);
    expect(
      validationErrorsOf(SuitabilityDraftSchema, { percent_net_worth: 120, risk: 'Wild' }),
    ).toMatchObject([{ attr: 'percent_net_worth' }, { attr: 'risk' }]);
  });

  it('opening still holds the partial owner to the owner form', () => {
    const inputs = makePortfolioInputs();
    const strictErrors = validationErrorsOf(PortfolioInputsSchema, {
      ...inputs,
      client_data: { account_type: 'I', owners: [partialOwner] },
    });
    expect(strictErrors).toEqual(
      expect.arrayContaining([
        {
          code: 'required',
          detail: 'This field is required.',
          attr: 'client_data.owners.0.last_name',
        },
        {
          code: 'required',
          detail: 'Please enter a valid date.',
          attr: 'client_data.owners.0.DOB',
        },
      ]),
    );
    expect(strictErrors.map(({ attr }) => attr)).not.toContain('client_data.owners.0.taxid');
  });
});
