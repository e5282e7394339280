import { describe, expect, it } from 'vitest';
import { validationErrorsOf } from '../testing/validation.ts';
import { AdvisorSchema, AdvisorUpdateSchema } from './advisor.ts';

const advisor = {
  advisor: '0f8fad5b-d9cb-469f-a165-70867728950e',
  first_name: 'Grace',
  middle_name: 'B',
  last_name: 'Hopper',
  email: 'grace@example.com',
  phone: '5551234567',
  address: '1 Navy Way',
  address2: '',
  city: 'Arlington',
  state: 'VA',
  zip_code: '22202',
  status: 'ACTIVE',
  role: 'ADVISOR',
  in_app_notification: true,
  email_notification: false,
  firm_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
};

describe('advisor (product §3)', () => {
  it('parses the signed-in advisor', () => {
    expect(validationErrorsOf(AdvisorSchema, advisor)).toEqual([]);
  });

  it('update payload omits advisor, in_app_notification and firm_id', () => {
    expect(Object.keys(AdvisorUpdateSchema.shape).sort()).toEqual(
      Object.keys(AdvisorSchema.shape)
        .filter((key) => !['advisor', 'in_app_notification', 'firm_id'].includes(key))
        .sort(),
    );
  });

  it('update payload needs a valid e-mail (product §5)', () => {
    const { advisor: _id, in_app_notification: _flag, firm_id: _firm, ...update } = advisor;
    expect(validationErrorsOf(AdvisorUpdateSchema, update)).toEqual([]);
    expect(validationErrorsOf(AdvisorUpdateSchema, { ...update, email: 'grace@' })).toEqual([
      { code: 'invalid', detail: 'Please enter a valid email address.', attr: 'email' },
    ]);
  });

  it('takes only the product §6 roles and ACTIVE/INACTIVE', () => {
    expect(validationErrorsOf(AdvisorSchema, { ...advisor, role: 'OWNER' })).toMatchObject([
      { attr: 'role', code: 'invalid_choice' },
    ]);
    expect(validationErrorsOf(AdvisorSchema, { ...advisor, status: 'A' })).toMatchObject([
      { attr: 'status', code: 'invalid_choice' },
    ]);
  });
});
