import { describe, expect, it } from 'vitest';
import { formFieldOf } from './server-field-errors.ts';

describe('formFieldOf', () => {
  it('drops the payload prefix, keeping list indices', () => {
    expect(formFieldOf('action_payload.cash')).toBe('cash');
    expect(formFieldOf('action_payload.owners.0.personal_address.zip_code')).toBe(
      'owners.0.personal_address.zip_code',
    );
  });

  it('lets a form wrap the payload under a field of its own', () => {
    expect(formFieldOf('action_payload.1.account_number', (path) => `custodians.${path}`)).toBe(
      'custodians.1.account_number',
    );
  });

  it('sends the needs-action answer to the answer field', () => {
    expect(formFieldOf('needs_action_payload.instructions')).toBe('answer');
    expect(formFieldOf('needs_action_payload')).toBe('answer');
  });

  it('leaves items about the whole request to the form', () => {
    expect(formFieldOf(null)).toBeUndefined();
    expect(formFieldOf('non_field_errors')).toBeUndefined();
    expect(formFieldOf('action_payload')).toBeUndefined();
    expect(formFieldOf('action_type')).toBeUndefined();
  });
});
