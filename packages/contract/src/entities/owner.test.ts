import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeClientData, makeOwner } from '../testing/factories.ts';
import { validationErrorsOf } from '../testing/validation.ts';
import { ClientDataInputSchema } from './client-data.ts';
import { isEmploymentEmpty, OwnerSchema } from './owner.ts';

const REQUIRED = 'This field is required.';

function ownerErrors(overrides: Record<string, unknown>) {
  return validationErrorsOf(OwnerSchema, { ...makeOwner(), ...overrides });
}

function withoutKey(key: string) {
  const owner: Record<string, unknown> = { ...makeOwner() };
  delete owner[key];
  return owner;
}

// Local calendar date `days` from now, worked out here rather than with the code under test.
function shiftDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return [
    date.getFullYear(),
    String(date.getMonth() + 1).padStart(2, '0'),
    String(date.getDate()).padStart(2, '0'),
  ].join('-');
}

describe('owner form (product §5)', () => {
  it('accepts a complete owner', () => {
    expect(ownerErrors({})).toEqual([]);
  });

  describe('role is one of the owner roles: "Please select a role."', () => {
    it.each(['PRIMARY_OWNER', 'JOINT_OWNER', 'EXECUTOR', 'TREASURER', 'INTERNAL_POWER_OF_ATTY'])(
      'accepts %s',
      (role) => {
        expect(ownerErrors({ role })).toEqual([]);
      },
    );

    it.each([['OWNER'], [''], [undefined]])('refuses %j', (role) => {
      expect(ownerErrors({ role })).toMatchObject([
        { attr: 'role', detail: 'Please select a role.' },
      ]);
    });
  });

  describe('required text fields: "This field is required."', () => {
    it.each([
      'first_name',
      'last_name',
      'taxid',
      'marital_status',
      'citizenship_country',
      'home_phone',
    ])('%s missing', (field) => {
      expect(validationErrorsOf(OwnerSchema, withoutKey(field))).toEqual([
        { code: 'required', detail: REQUIRED, attr: field },
      ]);
    });

    it.each(['', '   '])('first_name %j is blank', (value) => {
      expect(ownerErrors({ first_name: value })).toEqual([
        { code: 'blank', detail: REQUIRED, attr: 'first_name' },
      ]);
    });

    it.each(['address', 'city', 'state', 'zip_code'])(
      'personal_address.%s and mailing_address.%s empty',
      (field) => {
        const address = { ...makeOwner().personal_address, [field]: '' };
        expect(ownerErrors({ personal_address: address, mailing_address: address })).toEqual([
          { code: 'blank', detail: REQUIRED, attr: `personal_address.${field}` },
          { code: 'blank', detail: REQUIRED, attr: `mailing_address.${field}` },
        ]);
      },
    );

    it('state holds at most 3 characters', () => {
      const ok = { ...makeOwner().personal_address, state: 'ABC' };
      const tooLong = { ...makeOwner().personal_address, state: 'ABCD' };
      expect(ownerErrors({ personal_address: ok })).toEqual([]);
      expect(ownerErrors({ personal_address: tooLong })).toEqual([
        {
          code: 'max_string_length',
          detail: 'Ensure this field has no more than 3 characters.',
          attr: 'personal_address.state',
        },
      ]);
    });

    it('zip_code holds at most 10 characters', () => {
      const ok = { ...makeOwner().mailing_address, zip_code: '62701-1234' };
      const tooLong = { ...makeOwner().mailing_address, zip_code: '62701-12345' };
      expect(ownerErrors({ mailing_address: ok })).toEqual([]);
      expect(ownerErrors({ mailing_address: tooLong })).toEqual([
        {
          code: 'max_string_length',
          detail: 'Ensure this field has no more than 10 characters.',
          attr: 'mailing_address.zip_code',
        },
      ]);
    });
  });

  it('a value of the wrong type reads "Please enter a valid value."', () => {
    expect(ownerErrors({ first_name: 42, personal_address: 'Main Street' })).toEqual([
      { code: 'incorrect_type', detail: 'Please enter a valid value.', attr: 'first_name' },
      { code: 'not_a_dict', detail: 'Please enter a valid value.', attr: 'personal_address' },
    ]);
  });

  it.each(['SSN', 'TIN'])('taxid_type %s is accepted', (taxid_type) => {
    expect(ownerErrors({ taxid_type })).toEqual([]);
  });

  it('taxid_type other than SSN or TIN is refused', () => {
    expect(ownerErrors({ taxid_type: 'EIN' })).toEqual([
      { code: 'invalid_choice', detail: 'Please enter a valid value.', attr: 'taxid_type' },
    ]);
  });

  describe('DOB between 1900-01-01 and today: "Please enter a valid date."', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each([
      ['1900-01-01', true],
      ['1899-12-31', false],
      [shiftDays(0), true],
      [shiftDays(1), false],
      ['1985-02-30', false],
      ['17/05/1970', false],
    ])('%s passes: %s', (DOB, passes) => {
      const expected = passes
        ? []
        : [{ code: 'invalid', detail: 'Please enter a valid date.', attr: 'DOB' }];
      expect(ownerErrors({ DOB })).toEqual(expected);
    });

    it('reads today when validating, not when the module loaded', () => {
      vi.useFakeTimers();
      vi.setSystemTime(new Date(2030, 0, 1, 12));
      expect(ownerErrors({ DOB: '2030-01-01' })).toEqual([]);
      vi.setSystemTime(new Date(2029, 11, 31, 12));
      expect(ownerErrors({ DOB: '2030-01-01' })).toMatchObject([{ attr: 'DOB' }]);
    });

    it('missing DOB gives the date message', () => {
      expect(validationErrorsOf(OwnerSchema, withoutKey('DOB'))).toEqual([
        { code: 'required', detail: 'Please enter a valid date.', attr: 'DOB' },
      ]);
    });
  });

  it.each(['not-an-email', 'ada@', ''])(
    'email %j: "Please enter a valid email address."',
    (email) => {
      expect(ownerErrors({ email })).toEqual([
        { code: 'invalid', detail: 'Please enter a valid email address.', attr: 'email' },
      ]);
    },
  );

  describe('employment', () => {
    const complete = {
      employer_name: 'Analytical Engines Ltd',
      employer_address: '2 Dorset Street, London',
      position: 'Engineer',
      years_employed: 4,
    };

    it('is optional', () => {
      expect(ownerErrors({ employment: undefined })).toEqual([]);
      expect(ownerErrors({ employment: null })).toEqual([]);
    });

    it('passes when complete', () => {
      expect(ownerErrors({ employment: complete })).toEqual([]);
    });

    it('counts an all-empty object as none', () => {
      const empty = { employer_name: '', employer_address: '', position: '', years_employed: null };
      expect(ownerErrors({ employment: empty })).toEqual([]);
      expect(ownerErrors({ employment: {} })).toEqual([]);
      expect(isEmploymentEmpty(empty)).toBe(true);
      expect(isEmploymentEmpty(complete)).toBe(false);
    });

    it('requires every field once any is filled', () => {
      expect(ownerErrors({ employment: { position: 'Engineer', employer_name: '' } })).toEqual([
        { code: 'required', detail: REQUIRED, attr: 'employment.employer_name' },
        { code: 'required', detail: REQUIRED, attr: 'employment.employer_address' },
        { code: 'required', detail: REQUIRED, attr: 'employment.years_employed' },
      ]);
    });

    it('takes years_employed as a whole number', () => {
      expect(ownerErrors({ employment: { ...complete, years_employed: 2.5 } })).toEqual([
        {
          code: 'incorrect_type',
          detail: 'Please enter a valid value.',
          attr: 'employment.years_employed',
        },
      ]);
    });
  });

  it('title, middle_initial, suffix, business_phone and disclosures are optional', () => {
    expect(
      ownerErrors({
        title: 'Dr',
        middle_initial: 'K',
        suffix: 'III',
        business_phone: '5559876543',
        disclosures: { politically_exposed: ['Jane Doe'], ofac_sanctioned: [] },
      }),
    ).toEqual([]);
  });

  it('disclosures are lists of names', () => {
    expect(ownerErrors({ disclosures: { finra_associated_entities: 'ACME' } })).toEqual([
      {
        code: 'not_a_list',
        detail: 'Please enter a valid value.',
        attr: 'disclosures.finra_associated_entities',
      },
    ]);
  });
});

describe('client data (product §5)', () => {
  it('accepts an account type with one owner', () => {
    expect(validationErrorsOf(ClientDataInputSchema, makeClientData())).toEqual([]);
  });

  it('needs at least one owner', () => {
    expect(validationErrorsOf(ClientDataInputSchema, makeClientData({ owners: [] }))).toEqual([
      { code: 'empty', detail: 'At least one owner is required.', attr: 'owners' },
    ]);
  });

  it('needs an account type, one of I J C T R', () => {
    expect(validationErrorsOf(ClientDataInputSchema, { owners: [makeOwner()] })).toEqual([
      { code: 'required', detail: REQUIRED, attr: 'account_type' },
    ]);
    expect(
      validationErrorsOf(ClientDataInputSchema, { account_type: 'X', owners: [makeOwner()] }),
    ).toEqual([
      { code: 'invalid_choice', detail: 'Please enter a valid value.', attr: 'account_type' },
    ]);
  });

  it('reports owner fields by index', () => {
    const owners = [makeOwner(), makeOwner({ taxid: '' })];
    expect(validationErrorsOf(ClientDataInputSchema, makeClientData({ owners }))).toEqual([
      { code: 'blank', detail: REQUIRED, attr: 'owners.1.taxid' },
    ]);
  });
});
