import { ClientDataInputSchema, FIELD_REQUIRED, SELECT_ROLE } from '@ballast/contract';
import { makeClientData, makeOwner } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { blankOwner, clientDataDefaults, toClientDataPayload } from './client-data-values.ts';

describe('client detail form values', () => {
  it('starts from the current client data, with an empty employment to fill in', () => {
    const current = { ...makeClientData(), created_at: '2026-11-01T00:00:00.000Z' };
    const defaults = clientDataDefaults(current);
    expect(defaults.account_type).toBe('I');
    expect(defaults.owners[0]?.first_name).toBe('Ada');
    expect(defaults.owners[0]?.employment).toEqual({
      employer_name: '',
      employer_address: '',
      position: '',
      years_employed: null,
    });
    expect(ClientDataInputSchema.safeParse(defaults).success).toBe(true);
  });

  it('gives a new owner nothing the schema would accept unchosen', () => {
    const result = ClientDataInputSchema.safeParse({ account_type: 'J', owners: [blankOwner()] });
    expect(result.success).toBe(false);
    const messages = new Map(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages.get('owners.0.role')).toBe(SELECT_ROLE);
    expect(messages.get('owners.0.first_name')).toBe(FIELD_REQUIRED);
    expect(messages.get('owners.0.personal_address.zip_code')).toBe(FIELD_REQUIRED);
    expect(messages.has('owners.0.employment.employer_name')).toBe(false);
  });

  it('sends no employment when all its fields are empty, and leaves blank optional text out', () => {
    const owner = makeOwner({
      title: '',
      suffix: '  ',
      middle_initial: 'B',
      employment: { employer_name: '', employer_address: '', position: '', years_employed: null },
    });
    const [sent] = toClientDataPayload({ account_type: 'I', owners: [owner] }).owners;
    expect(sent?.employment).toBeNull();
    expect(sent).not.toHaveProperty('title');
    expect(sent).not.toHaveProperty('suffix');
    expect(sent?.middle_initial).toBe('B');
  });

  it('keeps a filled employment and the fields it does not edit', () => {
    const employment = {
      employer_name: 'Acme',
      employer_address: '1 Road',
      position: 'Engineer',
      years_employed: 4,
    };
    const owner = makeOwner({ employment, disclosures: { politically_exposed: ['Mayor'] } });
    const [sent] = toClientDataPayload({ account_type: 'I', owners: [owner] }).owners;
    expect(sent?.employment).toEqual(employment);
    expect(sent?.disclosures).toEqual({ politically_exposed: ['Mayor'] });
  });
});
