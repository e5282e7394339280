import {
  type Advisor,
  formatPhone,
  phoneDigits,
  type SettingsForm,
  US_STATES,
} from '@ballast/contract';
import * as Switch from '@radix-ui/react-switch';
import { type ReactNode, useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Field, inputClass } from '../../components/ui/field.tsx';

function Section(props: { title: string; children: ReactNode }) {
  return (
    <fieldset className="mt-4 border-t border-slate-200 pt-3 first:mt-0 first:border-t-0 first:pt-0">
      <legend className="float-left mb-2 w-full text-sm font-bold tracking-wide text-navy-700 uppercase">
        {props.title}
      </legend>
      <div className="clear-both grid grid-cols-1 gap-3 sm:grid-cols-2">{props.children}</div>
    </fieldset>
  );
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <Field label={label}>
      {(control) => <input {...control} className={inputClass} value={value} readOnly disabled />}
    </Field>
  );
}

function Toggle(props: {
  label: string;
  checked: boolean;
  onCheckedChange?(checked: boolean): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <Switch.Root
        id={id}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onCheckedChange}
        className="relative h-6 w-11 rounded-full bg-slate-400 data-[disabled]:opacity-50 data-[state=checked]:bg-navy-700"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}

/** The four sections of the settings modal: Identity, Disclaimer, Contact Info, Notifications. */
export function SettingsFields({
  form,
  advisor,
}: {
  form: UseFormReturn<SettingsForm>;
  advisor: Advisor;
}) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const text = (name: keyof SettingsForm, label: string) => (
    <Field label={label} error={errors[name]?.message}>
      {(controlProps) => <input {...controlProps} className={inputClass} {...register(name)} />}
    </Field>
  );
  return (
    <>
      <Section title="Identity">
        {text('first_name', 'First Name')}
        {text('last_name', 'Last Name')}
        <ReadOnly label="Status" value={advisor.status} />
        <ReadOnly label="Role" value={advisor.role} />
      </Section>
      <Section title="Disclaimer">
        <p className="text-sm text-slate-700 sm:col-span-2">
          Your status, role and e-mail address are managed by your firm's administrator. Contact
          them to change any of these.
        </p>
      </Section>
      <Section title="Contact Info">
        <ReadOnly label="E-mail" value={advisor.email} />
        <Controller
          control={control}
          name="phone"
          render={({ field, fieldState }) => (
            <Field label="Phone" error={fieldState.error?.message}>
              {(controlProps) => (
                <input
                  {...controlProps}
                  className={inputClass}
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  placeholder="(xxx)-xxx-xxxx"
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={formatPhone(field.value)}
                  onChange={(event) => field.onChange(phoneDigits(event.target.value))}
                />
              )}
            </Field>
          )}
        />
        {text('address', 'Address')}
        {text('address2', 'Address 2')}
        {text('city', 'City')}
        <Field label="State" error={errors.state?.message}>
          {(controlProps) => (
            <select {...controlProps} className={inputClass} {...register('state')}>
              <option value="">Select a state</option>
              {US_STATES.map((state) => (
                <option key={state.abbreviation} value={state.abbreviation}>
                  {state.abbreviation} ({state.name})
                </option>
              ))}
            </select>
          )}
        </Field>
        {text('zip_code', 'Zip Code')}
      </Section>
      <Section title="Notifications">
        <Controller
          control={control}
          name="email_notification"
          render={({ field }) => (
            <Toggle
              label="E-mail notifications"
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <Toggle label="In-app notifications" checked={advisor.in_app_notification} disabled />
      </Section>
    </>
  );
}
