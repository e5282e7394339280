import { describe, expect, it } from 'vitest';
import { validationErrorsOf } from '../testing/validation.ts';
import {
  CustodianInputDraftSchema,
  CustodianInputSchema,
  custodianInputSchema,
} from './custodian.ts';

const EMPTY = 'Account number cannot be empty.';
const FIDELITY =
  'A Fidelity Custodial Account number must be in the form of AAA-AAAAAA using letters and/or numbers.';
const SCHWAB =
  'A Schwab Custodial Account number must be in the form of AAAA-AAAA using letters and/or numbers.';

describe('custodian account number (product §5)', () => {
  describe('strict check', () => {
    const strict = custodianInputSchema({ strict: true });

    it.each([
      ['', 'blank'],
      ['  ', 'blank'],
    ])('refuses %j: "Account number cannot be empty."', (account_number, code) => {
      expect(validationErrorsOf(strict, { custodian_name: 'Fidelity', account_number })).toEqual([
        { code, detail: EMPTY, attr: 'account_number' },
      ]);
    });

    it('refuses a missing number', () => {
      expect(validationErrorsOf(strict, { custodian_name: 'Schwab' })).toEqual([
        { code: 'required', detail: EMPTY, attr: 'account_number' },
      ]);
    });

    it('is what CustodianInputSchema applies', () => {
      expect(
        validationErrorsOf(CustodianInputSchema, { custodian_name: 'Schwab', account_number: '' }),
      ).toMatchObject([{ detail: EMPTY }]);
    });
  });

  describe('lax check', () => {
    const lax = custodianInputSchema({ strict: false });

    it.each([[''], [undefined]])('lets %j through', (account_number) => {
      expect(validationErrorsOf(lax, { custodian_name: 'Fidelity', account_number })).toEqual([]);
    });

    it('still checks the form of a number that is given', () => {
      expect(
        validationErrorsOf(CustodianInputDraftSchema, {
          custodian_name: 'Fidelity',
          account_number: '12-345',
        }),
      ).toEqual([{ code: 'invalid', detail: FIDELITY, attr: 'account_number' }]);
    });
  });

  describe.each([
    [
      'Fidelity',
      FIDELITY,
      ['ABC-123456', 'abc-def123', '123-456789', 'A1B-2C3D4E'],
      [
        'ABC123456',
        'AB-1234567',
        'ABCD-12345',
        'ABC-12345',
        'ABC-1234567',
        'AB!-123456',
        'ABCD-EFGH',
      ],
    ],
    [
      'Schwab',
      SCHWAB,
      ['ABCD-1234', 'abcd-efgh', '1234-5678'],
      ['ABCD1234', 'ABC-12345', 'ABCDE-123', 'ABCD-123', 'AB_D-1234', 'ABC-123456'],
    ],
  ])('%s accounts', (custodian_name, message, good, bad) => {
    it.each(good)('accepts %s', (account_number) => {
      expect(validationErrorsOf(CustodianInputSchema, { custodian_name, account_number })).toEqual(
        [],
      );
    });

    it.each(bad)('refuses %s with its message', (account_number) => {
      expect(validationErrorsOf(CustodianInputSchema, { custodian_name, account_number })).toEqual([
        { code: 'invalid', detail: message, attr: 'account_number' },
      ]);
    });
  });
});
