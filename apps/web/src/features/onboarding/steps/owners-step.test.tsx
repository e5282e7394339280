import {
  FIELD_REQUIRED,
  INVALID_DATE,
  INVALID_EMAIL,
  SELECT_ROLE,
  ZIP_CODE_TOO_LONG,
} from '@ballast/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  blankOwner,
  type ClientDataDraft,
} from '../../../components/client-data/client-data-values.ts';
import type { PlacedError } from '../open-errors.ts';
import { OwnersStep } from './owners-step.tsx';

afterEach(cleanup);

/** The message tied to a control for assistive technology, as a screen reader would read it. */
function messageOf(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ');
  return ids
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

function renderStep(errors: PlacedError[] = []) {
  const next = vi.fn(async () => undefined);
  const onChange = vi.fn<(value: ClientDataDraft) => void>();
  render(
    <OwnersStep
      value={{ account_type: 'I', owners: [blankOwner()] }}
      onChange={onChange}
      navigation={{ next, back: null, returnsToReview: false }}
      errors={errors}
    />,
  );
  return { next, onChange };
}

function field(label: string, group?: string): HTMLElement {
  const scope = group ? within(screen.getByRole('group', { name: group })) : screen;
  return scope.getByLabelText(label);
}

function change(control: HTMLElement, value: string) {
  fireEvent.change(control, { target: { value } });
}

/** Fills every required field; each change is one input event, as a paste would make it. */
function fillValidOwner() {
  change(field('Role'), 'PRIMARY_OWNER');
  change(field('First name'), 'Ada');
  change(field('Last name'), 'Lovelace');
  change(field('Date of birth'), '1970-05-17');
  change(field('Marital status'), 'Single');
  change(field('Citizenship country'), 'US');
  change(field('Tax id'), '123-45-6789');
  change(field('E-mail'), 'ada@example.com');
  change(field('Home phone'), '5125550100');
  for (const group of ['Personal address', 'Mailing address']) {
    change(field('Street address', group), '1 Analytical Way');
    change(field('City', group), 'Austin');
    change(field('State', group), 'TX');
    change(field('Zip code', group), '73301');
  }
  return userEvent.setup();
}

describe('the owners step', () => {
  it('holds back an empty owner with product §5’s message at each required field', async () => {
    const { next } = renderStep();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(messageOf(field('Role'))).toBe(SELECT_ROLE));
    for (const label of ['First name', 'Last name', 'Marital status', 'Tax id', 'Home phone']) {
      expect(messageOf(field(label)), label).toBe(FIELD_REQUIRED);
    }
    expect(messageOf(field('City', 'Personal address'))).toBe(FIELD_REQUIRED);
    expect(messageOf(field('State', 'Mailing address'))).toBe(FIELD_REQUIRED);
    expect(messageOf(field('Date of birth'))).toBe(INVALID_DATE);
    expect(messageOf(field('E-mail'))).toBe(INVALID_EMAIL);
    expect(messageOf(field('Title (optional)'))).toBe('');
    expect(messageOf(field('Business phone (optional)'))).toBe('');
    expect(next).not.toHaveBeenCalled();
  });

  it('takes a complete owner, handing each change up as it is typed', async () => {
    const { next, onChange } = renderStep();
    const user = fillValidOwner();
    await user.type(field('Politically exposed persons'), 'Charles Babbage{Enter}Mary Somerville');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(next).toHaveBeenCalledOnce());
    const last = onChange.mock.lastCall?.[0];
    expect(last?.owners[0]?.first_name).toBe('Ada');
    expect(last?.owners[0]?.disclosures?.politically_exposed).toEqual([
      'Charles Babbage',
      'Mary Somerville',
    ]);
  });

  it('accepts a date of birth from 1900-01-01 to today, and no other', async () => {
    const { next } = renderStep();
    const user = fillValidOwner();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    for (const date of ['1899-12-31', '2999-01-01']) {
      change(field('Date of birth'), date);
      await user.click(continueButton);
      await waitFor(() => expect(messageOf(field('Date of birth')), date).toBe(INVALID_DATE));
    }
    change(field('Date of birth'), '1900-01-01');
    await user.click(continueButton);
    await waitFor(() => expect(next).toHaveBeenCalledOnce());
  });

  it('limits the zip code, and wants all of an employment once any of it is given', async () => {
    const { next } = renderStep();
    const user = fillValidOwner();
    change(field('Zip code', 'Personal address'), '73301-123456');
    change(field('Employer name'), 'Analytical Engines');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(messageOf(field('Zip code', 'Personal address'))).toBe(ZIP_CODE_TOO_LONG),
    );
    expect(messageOf(field('Employer address'))).toBe(FIELD_REQUIRED);
    expect(messageOf(field('Position'))).toBe(FIELD_REQUIRED);
    expect(messageOf(field('Years employed'))).toBe(FIELD_REQUIRED);
    expect(next).not.toHaveBeenCalled();

    change(field('Zip code', 'Personal address'), '73301');
    change(field('Employer name'), '');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(next).toHaveBeenCalledOnce());
  });

  it('shows what opening the account said beside the field its attr names', async () => {
    renderStep([
      {
        step: 'owners',
        field: 'owners.0.taxid',
        detail: 'The tax id was refused.',
        attr: 'client_data.owners.0.taxid',
      },
      {
        step: 'owners',
        field: null,
        detail: 'At least one owner is required.',
        attr: 'client_data.owners',
      },
    ]);
    await waitFor(() => expect(messageOf(field('Tax id'))).toBe('The tax id was refused.'));
    expect(screen.getByRole('alert').textContent).toBe('At least one owner is required.');
  });
});
