import {
  type Advisor,
  FIRST_NAME_REQUIRED,
  INVALID_PHONE_NUMBER,
  LAST_NAME_REQUIRED,
  type SettingsForm,
  US_STATES,
} from '@ballast/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsFormView } from './settings-form.tsx';

const advisor: Advisor = {
  advisor: '2f1b7f4e-8b1a-4a57-9a3e-1f6f0f6a9c11',
  first_name: 'Ada',
  middle_name: '',
  last_name: 'Lovelace',
  email: 'ada@firm.test',
  phone: '',
  address: '1 Main St',
  address2: '',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  status: 'ACTIVE',
  role: 'ADVISOR',
  in_app_notification: true,
  email_notification: false,
  firm_id: '9c0f6a3e-2b7d-4f0e-8a1c-5d3e7b9a1f22',
};

function renderForm(options: { isSaving?: boolean } = {}) {
  const onSubmit = vi.fn<(values: SettingsForm) => void>();
  render(
    <SettingsFormView
      advisor={advisor}
      isSaving={options.isSaving ?? false}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const submit = () => screen.getByRole('button', { name: /Submit/ });

describe('the settings form (product §5)', () => {
  afterEach(cleanup);

  it('reduces the phone to digits and shows it as (xxx)-xxx-xxxx, at most ten digits', async () => {
    const { user } = renderForm();
    const phone = screen.getByLabelText('Phone');
    await user.type(phone, 'a5b5c5-1.2(3)4567899');
    expect(phone).toHaveProperty('value', '(555)-123-4567');
  });

  it('keeps Submit disabled until both names are present and the phone is empty or ten digits', async () => {
    const { user } = renderForm();
    expect(submit()).toHaveProperty('disabled', false);

    await user.clear(screen.getByLabelText('First Name'));
    expect(submit()).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('First Name'), 'Grace');
    expect(submit()).toHaveProperty('disabled', false);

    await user.type(screen.getByLabelText('Phone'), '55512');
    expect(submit()).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Phone'), '34567');
    expect(submit()).toHaveProperty('disabled', false);
  });

  it("shows the product's message under a field once it has been left invalid", async () => {
    const { user } = renderForm();
    await user.clear(screen.getByLabelText('First Name'));
    await user.clear(screen.getByLabelText('Last Name'));
    await user.type(screen.getByLabelText('Phone'), '123');
    await user.click(screen.getByLabelText('City'));
    await waitFor(() => expect(screen.getByText(FIRST_NAME_REQUIRED)).toBeTruthy());
    expect(screen.getByText(LAST_NAME_REQUIRED)).toBeTruthy();
    expect(screen.getByText(INVALID_PHONE_NUMBER)).toBeTruthy();
    expect(screen.getByLabelText('First Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('submits the edited fields as the contract shapes them', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Phone'), '(555) 123-4567');
    await user.selectOptions(screen.getByLabelText('State'), 'GU');
    await user.click(screen.getByRole('switch', { name: 'E-mail notifications' }));
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '5551234567',
      address: '1 Main St',
      address2: '',
      city: 'Springfield',
      state: 'GU',
      zip_code: '62701',
      email_notification: true,
    });
  });

  it('offers the 59 states, shows status, role and e-mail read-only, and the in-app toggle disabled', () => {
    renderForm();
    const options = screen
      .getByLabelText('State')
      .querySelectorAll('option[value]:not([value=""])');
    expect(options).toHaveLength(US_STATES.length);
    expect(US_STATES).toHaveLength(59);
    for (const label of ['Status', 'Role', 'E-mail']) {
      expect(screen.getByLabelText(label)).toHaveProperty('readOnly', true);
    }
    expect(screen.getByRole('switch', { name: 'In-app notifications' })).toHaveProperty(
      'disabled',
      true,
    );
    for (const section of ['Identity', 'Disclaimer', 'Contact Info', 'Notifications']) {
      expect(screen.getByRole('group', { name: section })).toBeTruthy();
    }
  });

  it("reads 'Submitting...' and stays disabled while saving", () => {
    renderForm({ isSaving: true });
    expect(submit().textContent).toBe('Submitting...');
    expect(submit()).toHaveProperty('disabled', true);
  });
});
