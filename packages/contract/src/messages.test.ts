import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_NUMBER_EMPTY,
  ADVISOR_UPDATE_FAILED,
  ADVISOR_UPDATED,
  CUSTODIANS_LOAD_FAILED,
  DURATION_OUT_OF_RANGE,
  FIDELITY_ACCOUNT_NUMBER_FORMAT,
  FIELD_REQUIRED,
  FIRST_NAME_REQUIRED,
  INITIAL_INVESTMENT_TOO_SMALL,
  INVALID_DATE,
  INVALID_EMAIL,
  INVALID_PHONE_NUMBER,
  INVALID_VALUE,
  KYC_DESCRIPTION_TOO_LONG,
  LAST_NAME_REQUIRED,
  MAX_ALLOCATION_SUM_TOO_SMALL,
  NO_CUSTODIANS,
  SCHWAB_ACCOUNT_NUMBER_FORMAT,
  SELECT_AT_LEAST_ONE_ASSET_CLASS,
  SELECT_ROLE,
  SETTINGS_SUBMITTING,
  STATE_TOO_LONG,
  ZIP_CODE_TOO_LONG,
} from './messages.ts';

// The product's own words (product §2, product §5, product §8), copied from docs/product.md, not
// from messages.ts.
const SPEC_MESSAGES: [string, string, string][] = [
  ['SELECT_ROLE', SELECT_ROLE, 'Please select a role.'],
  ['FIELD_REQUIRED', FIELD_REQUIRED, 'This field is required.'],
  ['INVALID_VALUE', INVALID_VALUE, 'Please enter a valid value.'],
  ['INVALID_DATE', INVALID_DATE, 'Please enter a valid date.'],
  ['INVALID_EMAIL', INVALID_EMAIL, 'Please enter a valid email address.'],
  ['ACCOUNT_NUMBER_EMPTY', ACCOUNT_NUMBER_EMPTY, 'Account number cannot be empty.'],
  [
    'FIDELITY_ACCOUNT_NUMBER_FORMAT',
    FIDELITY_ACCOUNT_NUMBER_FORMAT,
    'A Fidelity Custodial Account number must be in the form of AAA-AAAAAA using letters and/or numbers.',
  ],
  [
    'SCHWAB_ACCOUNT_NUMBER_FORMAT',
    SCHWAB_ACCOUNT_NUMBER_FORMAT,
    'A Schwab Custodial Account number must be in the form of AAAA-AAAA using letters and/or numbers.',
  ],
  [
    'MAX_ALLOCATION_SUM_TOO_SMALL',
    MAX_ALLOCATION_SUM_TOO_SMALL,
    'The sum of the maximum allocations must be at least 100',
  ],
  [
    'SELECT_AT_LEAST_ONE_ASSET_CLASS',
    SELECT_AT_LEAST_ONE_ASSET_CLASS,
    'At least one asset class must be selected',
  ],
  ['FIRST_NAME_REQUIRED', FIRST_NAME_REQUIRED, 'First Name Is A Required Field'],
  ['LAST_NAME_REQUIRED', LAST_NAME_REQUIRED, 'Last Name Is A Required Field'],
  ['INVALID_PHONE_NUMBER', INVALID_PHONE_NUMBER, 'Please Enter A Valid Phone Number'],
  ['SETTINGS_SUBMITTING', SETTINGS_SUBMITTING, 'Submitting...'],
  ['ADVISOR_UPDATED', ADVISOR_UPDATED, 'Advisor Updated Successfully'],
  ['ADVISOR_UPDATE_FAILED', ADVISOR_UPDATE_FAILED, 'Error Updating Advisor'],
  ['CUSTODIANS_LOAD_FAILED', CUSTODIANS_LOAD_FAILED, 'Error loading custodians'],
  ['NO_CUSTODIANS', NO_CUSTODIANS, 'No custodians available'],
];

describe('spec messages', () => {
  it.each(SPEC_MESSAGES)('%s is the product’s text', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('messages of our own', () => {
  it('name the limits they enforce', () => {
    expect(STATE_TOO_LONG).toBe('Ensure this field has no more than 3 characters.');
    expect(ZIP_CODE_TOO_LONG).toBe('Ensure this field has no more than 10 characters.');
    expect(KYC_DESCRIPTION_TOO_LONG).toBe('Ensure this field has no more than 1024 characters.');
    expect(INITIAL_INVESTMENT_TOO_SMALL).toBe('The initial investment must be at least 350,000.');
    expect(DURATION_OUT_OF_RANGE).toEqual({
      Short: 'A Short duration must be between 2 and 3.',
      Intermediate: 'An Intermediate duration must be between 3 and 7.',
      Long: 'A Long duration must be between 7 and 15.',
    });
  });
});
