import type { ClientDataInput } from '@ballast/contract';
import {
  Controller,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  useFieldArray,
} from 'react-hook-form';
import type { ClientDataDraft } from '../../../components/client-data/client-data-values.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { NamesField } from './names-field.tsx';

type Form = UseFormReturn<ClientDataDraft, unknown, ClientDataInput>;

const DISCLOSURES = [
  ['ofac_sanctioned', 'OFAC-sanctioned persons'],
  ['politically_exposed', 'Politically exposed persons'],
  ['politically_exposed_immediate_family_names', 'Their immediate family'],
  ['politically_exposed_organizations', 'Politically exposed organizations'],
  ['control_person_company_symbols', 'Companies controlled (ticker symbols)'],
  ['finra_associated_entities', 'FINRA-associated entities'],
] as const;

function errorAt<Values extends FieldValues>(form: UseFormReturn<Values>, name: FieldPath<Values>) {
  return form.getFieldState(name, form.formState).error?.message;
}

/** Product §3 owner disclosures: each a list of the names it concerns. */
export function OwnerDisclosures(props: { form: Form; index: number }) {
  const { form, index } = props;
  return (
    <fieldset className="mt-3 border-t border-slate-200 pt-2">
      <legend className="mb-2 text-xs font-bold tracking-wide text-navy-700 uppercase">
        Disclosures (optional)
      </legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {DISCLOSURES.map(([field, label]) => {
          const name = `owners.${index}.disclosures.${field}` as const;
          return (
            <Controller
              key={field}
              control={form.control}
              name={name}
              render={({ field: control, fieldState }) => (
                <NamesField
                  label={label}
                  value={control.value}
                  error={fieldState.error?.message}
                  onChange={control.onChange}
                />
              )}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

/** Product §3 owner agreements: the text agreed to, its version, and who e-signed it when. */
export function OwnerAgreements(props: { form: Form; index: number }) {
  const { form, index } = props;
  const agreements = useFieldArray({ control: form.control, name: `owners.${index}.agreements` });
  return (
    <fieldset className="mt-3 border-t border-slate-200 pt-2">
      <legend className="mb-2 text-xs font-bold tracking-wide text-navy-700 uppercase">
        Agreements (optional)
      </legend>
      <div className="flex flex-col gap-3">
        {agreements.fields.map((agreement, position) => {
          const at = (field: 'text' | 'version' | 'name' | 'e_signed_date') =>
            `owners.${index}.agreements.${position}.${field}` as const;
          return (
            <div
              key={agreement.id}
              className="grid grid-cols-1 gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-3"
            >
              <div className="sm:col-span-3">
                <Field label={`Agreement ${position + 1} text`} error={errorAt(form, at('text'))}>
                  {(control) => (
                    <textarea
                      {...control}
                      rows={3}
                      className={inputClass}
                      {...form.register(at('text'))}
                    />
                  )}
                </Field>
              </div>
              <Field label="Version" error={errorAt(form, at('version'))}>
                {(control) => (
                  <input {...control} className={inputClass} {...form.register(at('version'))} />
                )}
              </Field>
              <Field label="E-signed by (name)" error={errorAt(form, at('name'))}>
                {(control) => (
                  <input {...control} className={inputClass} {...form.register(at('name'))} />
                )}
              </Field>
              <Field label="E-signed on" error={errorAt(form, at('e_signed_date'))}>
                {(control) => (
                  <input
                    {...control}
                    type="date"
                    className={inputClass}
                    {...form.register(at('e_signed_date'))}
                  />
                )}
              </Field>
              <Button
                variant="ghost"
                className="self-start px-2 py-1 text-xs sm:col-span-3 sm:justify-self-start"
                onClick={() => agreements.remove(position)}
              >
                Remove agreement {position + 1}
              </Button>
            </div>
          );
        })}
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => agreements.append({ text: '', version: '', name: '', e_signed_date: '' })}
        >
          Add an agreement
        </Button>
      </div>
    </fieldset>
  );
}
