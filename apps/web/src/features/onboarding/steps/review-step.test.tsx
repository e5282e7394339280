import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { OnboardingDraft } from '../onboarding-draft.ts';
import { placeOpenError } from '../open-errors.ts';
import { ReviewStep } from './review-step.tsx';

afterEach(cleanup);

const OWNER = {
  role: 'PRIMARY_OWNER',
  first_name: 'Ada',
  last_name: 'Lovelace',
  personal_address: { address: '1 Analytical Way', city: 'Austin', state: 'TX', zip_code: '73301' },
  mailing_address: { address: '1 Analytical Way', city: 'Austin', state: 'TX', zip_code: '73301' },
  taxid_type: 'SSN',
  taxid: '123-45-6789',
  DOB: '1970-05-17',
  marital_status: 'Single',
  citizenship_country: 'US',
  email: 'ada@example.com',
  home_phone: '5125550100',
} as const;

const DRAFT: OnboardingDraft = {
  client_data: { account_type: 'J', owners: [OWNER] },
  client_suitability_data: {},
  custodians: [{ custodian_name: 'Fidelity', account_number: '' }],
  kyc_input_data: [],
  strategy: null,
  advisor_input_data: [],
};

function renderReview(attrs: (string | null)[]) {
  const errors = attrs.map((attr) =>
    placeOpenError({ code: 'required', detail: `Refused at ${attr}.`, attr }),
  );
  render(
    <MemoryRouter>
      <ReviewStep
        portfolioId="7a1c8f86-23c4-4c2e-9a39-3c0f6c1b2d11"
        draft={DRAFT}
        advisorNames={new Map()}
        errors={errors}
        openError={null}
        isOpening={false}
        onOpen={() => undefined}
        onBack={() => undefined}
      />
    </MemoryRouter>,
  );
}

function rowOf(attr: string): HTMLElement {
  const row = document.querySelector<HTMLElement>(`[data-attr="${attr}"]`);
  if (!row) throw new Error(`no row for ${attr}`);
  return row;
}

describe('the review', () => {
  it('shows every section, the account type in words and the tax id masked', () => {
    renderReview([]);
    expect(rowOf('client_data.account_type').textContent).toContain('Joint');
    expect(rowOf('client_data.owners.0.taxid').textContent).toBe('Tax id•••6789');
    expect(rowOf('client_data.owners.0.personal_address.state').textContent).toContain(
      'TX (Texas)',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts each error of opening beside the row its attr names, and a section’s at its top', () => {
    renderReview([
      'custodians.0.account_number',
      'client_data.owners.0.DOB',
      'strategy',
      'non_field_errors',
    ]);
    expect(rowOf('custodians.0.account_number').textContent).toContain(
      'Refused at custodians.0.account_number.',
    );
    expect(rowOf('client_data.owners.0.DOB').textContent).toContain(
      'Refused at client_data.owners.0.DOB.',
    );
    expect(rowOf('client_data.owners.0.taxid').textContent).not.toContain('Refused');
    const strategy = screen.getByRole('region', { name: 'Strategy' });
    expect(within(strategy).getByText('Refused at strategy.')).toBeDefined();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('4 fields need attention');
    expect(alert.textContent).toContain('Refused at non_field_errors.');
  });

  it('links each section back to its step, to return to the review', () => {
    renderReview([]);
    const edit = screen.getByRole('link', { name: /^Edit custodian/ });
    expect(edit.getAttribute('href')).toBe(
      '/onboarding/7a1c8f86-23c4-4c2e-9a39-3c0f6c1b2d11/custodian?from=review',
    );
  });
});
