import { describe, expect, it } from 'vitest';
import { validationErrorsOf } from '../testing/validation.ts';
import { canSubmitSettings, SettingsFormSchema } from './settings.ts';

const form = {
  first_name: 'Grace',
  last_name: 'Hopper',
  phone: '5551234567',
  address: '1 Navy Way',
  address2: '',
  city: 'Arlington',
  state: 'VA',
  zip_code: '22202',
  email_notification: true,
};

describe('settings form (product §5)', () => {
  it('accepts a filled form', () => {
    expect(validationErrorsOf(SettingsFormSchema, form)).toEqual([]);
  });

  it.each([
    ['first_name', '', 'First Name Is A Required Field'],
    ['first_name', '  ', 'First Name Is A Required Field'],
    ['last_name', '', 'Last Name Is A Required Field'],
    ['phone', '555123456', 'Please Enter A Valid Phone Number'],
    ['phone', '55512345678', 'Please Enter A Valid Phone Number'],
  ])('%s %j reads its message', (attr, value, detail) => {
    expect(validationErrorsOf(SettingsFormSchema, { ...form, [attr]: value })).toMatchObject([
      { attr, detail },
    ]);
  });

  it.each(['first_name', 'last_name'])('missing %s reads its message', (attr) => {
    const values: Record<string, unknown> = { ...form };
    delete values[attr];
    expect(validationErrorsOf(SettingsFormSchema, values)).toEqual([
      {
        code: 'required',
        detail:
          attr === 'first_name'
            ? 'First Name Is A Required Field'
            : 'Last Name Is A Required Field',
        attr,
      },
    ]);
  });

  it('phone may be empty', () => {
    expect(validationErrorsOf(SettingsFormSchema, { ...form, phone: '' })).toEqual([]);
  });

  it('state is chosen from the state abbreviations, or left empty', () => {
    expect(validationErrorsOf(SettingsFormSchema, { ...form, state: '' })).toEqual([]);
    expect(validationErrorsOf(SettingsFormSchema, { ...form, state: 'Virginia' })).toMatchObject([
      { attr: 'state', code: 'invalid_choice' },
    ]);
  });

  it('does not let the advisor edit status, role or e-mail', () => {
    for (const field of ['status', 'role', 'email', 'middle_name']) {
      expect(Object.keys(SettingsFormSchema.shape)).not.toContain(field);
    }
  });
});

describe('canSubmitSettings (product §5: names present, phone empty or exactly 10 digits)', () => {
  it.each([
    [{ first_name: 'Grace', last_name: 'Hopper', phone: '' }, true],
    [{ first_name: 'Grace', last_name: 'Hopper', phone: '5551234567' }, true],
    [{ first_name: '', last_name: 'Hopper', phone: '' }, false],
    [{ first_name: 'Grace', last_name: ' ', phone: '' }, false],
    [{ first_name: 'Grace', last_name: 'Hopper', phone: '555123456' }, false],
    [{ first_name: 'Grace', last_name: 'Hopper', phone: '55512345678' }, false],
    [{ first_name: 'Grace', last_name: 'Hopper' }, true],
    [{}, false],
  ])('%j -> %s', (values, allowed) => {
    expect(canSubmitSettings(values)).toBe(allowed);
  });
});
