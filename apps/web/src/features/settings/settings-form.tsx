import {
  type Advisor,
  canSubmitSettings,
  SETTINGS_SUBMITTING,
  type SettingsForm,
  SettingsFormSchema,
} from '@ballast/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SettingsFields } from './settings-fields.tsx';

function formValues(advisor: Advisor): SettingsForm {
  return {
    first_name: advisor.first_name,
    last_name: advisor.last_name,
    phone: advisor.phone,
    address: advisor.address,
    address2: advisor.address2,
    city: advisor.city,
    state: advisor.state as SettingsForm['state'],
    zip_code: advisor.zip_code,
    email_notification: advisor.email_notification,
  };
}

/**
 * The settings form with the product §5 rules: the contract's schema gives each field's message,
 * and Submit stays disabled until the names are present and the phone is empty or ten digits, and
 * while saving.
 */
export function SettingsFormView(props: {
  advisor: Advisor;
  isSaving: boolean;
  onSubmit(values: SettingsForm): void;
  onCancel(): void;
}) {
  const form = useForm<SettingsForm>({
    resolver: zodResolver(SettingsFormSchema),
    defaultValues: formValues(props.advisor),
    mode: 'onTouched',
  });
  const [firstName, lastName, phone] = form.watch(['first_name', 'last_name', 'phone']);
  const canSubmit = canSubmitSettings({ first_name: firstName, last_name: lastName, phone });

  return (
    <form noValidate onSubmit={form.handleSubmit(props.onSubmit)}>
      <SettingsFields form={form} advisor={props.advisor} />
      <div className="mt-6 flex justify-end gap-3">
        <button
          type="button"
          className="rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
          onClick={props.onCancel}
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={!canSubmit || props.isSaving}
          className="rounded-md bg-navy-700 px-4 py-2 text-sm font-semibold text-white hover:bg-navy-800 disabled:cursor-not-allowed disabled:bg-slate-400"
        >
          {props.isSaving ? SETTINGS_SUBMITTING : 'Submit'}
        </button>
      </div>
    </form>
  );
}
