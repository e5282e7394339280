import { ClientDataDraftSchema } from '@ballast/contract';
import { makeClientData, makeOwner } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { blankOwner } from '../../components/client-data/client-data-values.ts';
import { draftFromInputs, mergeDrafts, sectionPayload } from './onboarding-draft.ts';
import { resumeStep } from './resume-step.ts';

describe('an application’s draft', () => {
  it('sends a partial owner as typed, leaving blanks and unchosen values out', () => {
    const draft = draftFromInputs({});
    draft.client_data = {
      account_type: 'J',
      owners: [{ ...blankOwner(), first_name: 'Grace', taxid: '555-12-3456' }],
    };
    const payload = sectionPayload(draft, 'client_data');
    const [owner] = payload?.client_data?.owners ?? [];
    expect(payload?.client_data?.account_type).toBe('J');
    expect(owner).toMatchObject({ first_name: 'Grace', taxid: '555-12-3456', employment: null });
    // Blank fields are left out: the form's unchosen role would not pass the draft schema.
    expect(owner).not.toHaveProperty('role');
    expect(owner).not.toHaveProperty('DOB');
    expect(owner).not.toHaveProperty('last_name');
    expect(ClientDataDraftSchema.safeParse(payload?.client_data).success).toBe(true);

    draft.client_data = makeClientData({ account_type: 'J', owners: [makeOwner({ title: ' ' })] });
    const whole = sectionPayload(draft, 'client_data');
    expect(whole?.client_data?.owners[0]).toMatchObject({ first_name: 'Ada' });
    // Optional text left blank is left out, as the client-detail request sends it.
    expect(whole?.client_data?.owners[0]).not.toHaveProperty('title');
  });

  it('holds back client data with a value of the wrong kind, and a saved draft comes back whole', () => {
    const draft = draftFromInputs({});
    draft.client_data = {
      account_type: 'J',
      owners: [
        {
          ...blankOwner(),
          personal_address: { address: '', city: '', state: 'ABCD', zip_code: '' },
        },
      ],
    };
    expect(sectionPayload(draft, 'client_data')).toBeNull();

    const saved = draftFromInputs({ client_data: { owners: [{ first_name: 'Grace' }] } });
    expect(saved.client_data.account_type).toBe('I');
    expect(saved.client_data.owners[0]).toMatchObject({
      first_name: 'Grace',
      last_name: '',
      role: '',
      personal_address: { address: '', city: '', state: '', zip_code: '' },
    });
  });

  it('sends a custodian with an empty account number, which only opening refuses', () => {
    const draft = draftFromInputs({});
    draft.custodians = [{ custodian_name: 'Fidelity', account_number: '' }];
    expect(sectionPayload(draft, 'custodians')).toEqual({
      custodians: [{ custodian_name: 'Fidelity', account_number: '' }],
    });
    draft.custodians = [{ custodian_name: 'Fidelity', account_number: '12' }];
    expect(sectionPayload(draft, 'custodians')).toBeNull();
  });

  it('sends a suitability as far as it is typed, and holds back a value out of range', () => {
    const draft = draftFromInputs({});
    draft.client_suitability_data = { investment_amount: 500_000 };
    expect(sectionPayload(draft, 'client_suitability_data')).toEqual({
      client_suitability_data: { investment_amount: 500_000 },
    });
    draft.client_suitability_data = { investment_amount: 500_000, percent_net_worth: 120 };
    expect(sectionPayload(draft, 'client_suitability_data')).toBeNull();
  });

  it('lays this browser’s unsaved sections over the server’s', () => {
    const server = draftFromInputs({
      client_data: makeClientData(),
      custodians: [{ custodian_name: 'Schwab', account_number: 'ABCD-1234' }],
    });
    const merged = mergeDrafts(server, {
      sections: { custodians: [{ custodian_name: 'Fidelity', account_number: '' }] },
    });
    expect(merged.custodians[0]?.custodian_name).toBe('Fidelity');
    expect(merged.client_data.owners[0]?.first_name).toBe(server.client_data.owners[0]?.first_name);
  });
});

describe('where an application resumes', () => {
  it('goes to the step last shown, or else to the first empty section', () => {
    const empty = draftFromInputs({});
    expect(resumeStep('documents', empty)).toBe('documents');
    expect(resumeStep('no-such-step', empty)).toBe('owners');
    expect(resumeStep(undefined, draftFromInputs({ client_data: makeClientData() }))).toBe(
      'suitability',
    );
  });
});
