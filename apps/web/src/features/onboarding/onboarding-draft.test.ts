import { makeClientData, makeOwner } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { blankOwner } from '../../components/client-data/client-data-values.ts';
import { draftFromInputs, mergeDrafts, sectionPayload } from './onboarding-draft.ts';
import { resumeStep } from './resume-step.ts';

describe('an application’s draft', () => {
  it('sends the client data only once every owner passes the owner form', () => {
    const draft = draftFromInputs({});
    draft.client_data = { account_type: 'J', owners: [{ ...blankOwner(), first_name: 'Grace' }] };
    expect(sectionPayload(draft, 'client_data')).toBeNull();

    draft.client_data = makeClientData({ account_type: 'J', owners: [makeOwner({ title: ' ' })] });
    const payload = sectionPayload(draft, 'client_data');
    expect(payload?.client_data?.account_type).toBe('J');
    // Optional text left blank is left out, as the client-detail request sends it.
    expect(payload?.client_data?.owners[0]).not.toHaveProperty('title');
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

  it('holds back a suitability not yet complete', () => {
    const draft = draftFromInputs({});
    draft.client_suitability_data = { investment_amount: 500_000 };
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
