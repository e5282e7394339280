import { describe, expect, it } from 'vitest';
import { placeOpenError } from './open-errors.ts';

const item = (attr: string | null) => ({
  code: 'required' as const,
  detail: 'This field is required.',
  attr,
});

describe('placing the errors of opening an account', () => {
  it('puts an owner’s field on the owners step at the same path in its form', () => {
    expect(placeOpenError(item('client_data.owners.0.taxid'))).toMatchObject({
      step: 'owners',
      field: 'owners.0.taxid',
    });
    expect(placeOpenError(item('client_data.owners.1.personal_address.zip_code'))).toMatchObject({
      step: 'owners',
      field: 'owners.1.personal_address.zip_code',
    });
  });

  it('puts the account type on its own step, and the custodian’s number on the custodian step', () => {
    expect(placeOpenError(item('client_data.account_type'))).toMatchObject({
      step: 'account-type',
      field: 'account_type',
    });
    expect(placeOpenError(item('custodians.0.account_number'))).toMatchObject({
      step: 'custodian',
      field: 'account_number',
    });
    expect(placeOpenError(item('custodians'))).toMatchObject({ step: 'custodian', field: null });
  });

  it('names a whole missing section by its step, and keeps the rest on the review', () => {
    expect(placeOpenError(item('strategy'))).toMatchObject({ step: 'strategy', field: null });
    expect(placeOpenError(item('client_suitability_data.risk'))).toMatchObject({
      step: 'suitability',
      field: 'risk',
    });
    expect(placeOpenError(item('non_field_errors'))).toMatchObject({ step: 'review' });
    expect(placeOpenError(item(null))).toMatchObject({ step: 'review', field: null });
  });
});
