import { OWNER_ROLES, TAXID_TYPES, US_STATES } from '@ballast/contract';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { Button } from '../ui/button.tsx';
import { Field, inputClass } from '../ui/field.tsx';
import { type ClientDataDraft, OWNER_ROLE_LABELS } from './client-data-values.ts';

type OwnerForm = ClientDataDraft & FieldValues;

function useFieldError<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  name: FieldPath<Values>,
): string | undefined {
  return form.getFieldState(name, form.formState).error?.message;
}

function TextField<Values extends FieldValues>(props: {
  form: UseFormReturn<Values>;
  name: FieldPath<Values>;
  label: string;
  type?: string;
  autoComplete?: string;
  options?: RegisterOptions<Values, FieldPath<Values>>;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
}) {
  const error = useFieldError(props.form, props.name);
  return (
    <Field label={props.label} error={error}>
      {(control) => (
        <input
          {...control}
          className={inputClass}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete ?? 'off'}
          inputMode={props.inputMode}
          {...props.form.register(props.name, props.options)}
        />
      )}
    </Field>
  );
}

function SelectField<Values extends FieldValues>(props: {
  form: UseFormReturn<Values>;
  name: FieldPath<Values>;
  label: string;
  placeholder?: string;
  options: { value: string; label: string }[];
}) {
  const error = useFieldError(props.form, props.name);
  return (
    <Field label={props.label} error={error}>
      {(control) => (
        <select {...control} className={inputClass} {...props.form.register(props.name)}>
          {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function Group(props: { legend: string; children: ReactNode; action?: ReactNode }) {
  return (
    <fieldset className="mt-3 border-t border-slate-200 pt-2">
      <legend className="float-left mb-2 text-xs font-bold tracking-wide text-navy-700 uppercase">
        {props.legend}
      </legend>
      {/* Beside the legend, not in it, so the group's name stays the legend alone. */}
      {props.action && <div className="float-right">{props.action}</div>}
      <div className="clear-both grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {props.children}
      </div>
    </fieldset>
  );
}

const STATE_OPTIONS = US_STATES.map((state) => ({
  value: state.abbreviation,
  label: `${state.abbreviation} (${state.name})`,
}));

const ADDRESS_FIELDS = ['address', 'city', 'state', 'zip_code'] as const;

/** "Years employed": digits as a number, an empty box as no value. */
function toYears(value: unknown): number | null {
  if (typeof value === 'number') return value;
  const text = String(value ?? '').trim();
  return text === '' ? null : Number(text);
}

/** One owner of the account, as the product §5 owner form lays it out. */
export function OwnerFields<Values extends OwnerForm>(props: {
  form: UseFormReturn<Values>;
  index: number;
  onRemove(): void;
  /** More groups of the owner's, after employment (account opening adds the disclosures). */
  children?: ReactNode;
}) {
  const { form, index } = props;
  const at = (field: string) => `owners.${index}.${field}` as FieldPath<Values>;
  const address = (kind: 'personal_address' | 'mailing_address') => (
    <>
      <TextField form={form} name={at(`${kind}.address`)} label="Street address" />
      <TextField form={form} name={at(`${kind}.city`)} label="City" />
      <SelectField
        form={form}
        name={at(`${kind}.state`)}
        label="State"
        placeholder="Select a state"
        options={STATE_OPTIONS}
      />
      <TextField form={form} name={at(`${kind}.zip_code`)} label="Zip code" inputMode="numeric" />
    </>
  );
  const copyPersonalAddress = () => {
    for (const field of ADDRESS_FIELDS) {
      form.setValue(
        at(`mailing_address.${field}`),
        form.getValues(at(`personal_address.${field}`)),
        {
          shouldValidate: form.formState.isSubmitted,
        },
      );
    }
  };
  return (
    <fieldset className="rounded-md border border-slate-300 p-3">
      <legend className="px-1 text-sm font-semibold text-navy-800">Owner {index + 1}</legend>
      <Group legend="Identity">
        <SelectField
          form={form}
          name={at('role')}
          label="Role"
          placeholder="Select a role"
          options={OWNER_ROLES.map((role) => ({ value: role, label: OWNER_ROLE_LABELS[role] }))}
        />
        <TextField form={form} name={at('title')} label="Title (optional)" />
        <TextField form={form} name={at('first_name')} label="First name" />
        <TextField form={form} name={at('middle_initial')} label="Middle initial (optional)" />
        <TextField form={form} name={at('last_name')} label="Last name" />
        <TextField form={form} name={at('suffix')} label="Suffix (optional)" />
        <TextField form={form} name={at('DOB')} label="Date of birth" type="date" />
        <TextField form={form} name={at('marital_status')} label="Marital status" />
        <TextField form={form} name={at('citizenship_country')} label="Citizenship country" />
        <SelectField
          form={form}
          name={at('taxid_type')}
          label="Tax id type"
          options={TAXID_TYPES.map((type) => ({ value: type, label: type }))}
        />
        <TextField form={form} name={at('taxid')} label="Tax id" />
      </Group>
      <Group legend="Contact">
        <TextField form={form} name={at('email')} label="E-mail" type="email" inputMode="email" />
        <TextField form={form} name={at('home_phone')} label="Home phone" type="tel" />
        <TextField
          form={form}
          name={at('business_phone')}
          label="Business phone (optional)"
          type="tel"
        />
      </Group>
      <Group legend="Personal address">{address('personal_address')}</Group>
      <Group
        legend="Mailing address"
        action={
          <Button variant="ghost" className="px-2 py-0.5 text-xs" onClick={copyPersonalAddress}>
            Same as personal address
          </Button>
        }
      >
        {address('mailing_address')}
      </Group>
      <Group legend="Employment (optional)">
        <TextField form={form} name={at('employment.employer_name')} label="Employer name" />
        <TextField form={form} name={at('employment.employer_address')} label="Employer address" />
        <TextField form={form} name={at('employment.position')} label="Position" />
        <TextField
          form={form}
          name={at('employment.years_employed')}
          label="Years employed"
          inputMode="numeric"
          options={{ setValueAs: toYears }}
        />
      </Group>
      {props.children}
      <Button variant="ghost" className="mt-3 px-2 py-1 text-xs" onClick={props.onRemove}>
        Remove owner {index + 1}
      </Button>
    </fieldset>
  );
}
