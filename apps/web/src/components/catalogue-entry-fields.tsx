import type { StrategyCatalogueEntry } from '@ballast/contract';
import { ApiError, errorMessage } from '../lib/api-error.ts';
import { Field, inputClass, TextInput } from './ui/field.tsx';

export type CatalogueTexts = Pick<StrategyCatalogueEntry, 'name' | 'product' | 'description'>;

const ENTRY_FIELDS = ['name', 'product', 'description', 'status', 'is_default'];

/**
 * A catalogue entry's answer from the api, as its forms show it: each field's message, and
 * anything no field carries as one sentence for the form.
 */
export function catalogueEntryErrors(error: unknown) {
  const items = error instanceof ApiError ? error.fieldErrors() : [];
  return {
    at: (attr: string) => items.find((item) => item.attr === attr)?.detail,
    general:
      error && !items.some((item) => ENTRY_FIELDS.includes(item.attr ?? ''))
        ? errorMessage(error)
        : undefined,
  };
}

/**
 * The name, product, description and default of a catalogue entry (decision 022): Build adds
 * entries with them and the administration screen changes them.
 */
export function CatalogueEntryFields(props: {
  texts: CatalogueTexts;
  isDefault: boolean;
  defaultLabel: string;
  errorAt(attr: string): string | undefined;
  onTextChange(key: keyof CatalogueTexts, value: string): void;
  onDefaultChange(isDefault: boolean): void;
}) {
  const { texts, errorAt, onTextChange } = props;
  return (
    <>
      <Field label="Name" error={errorAt('name')}>
        {(control) => (
          <TextInput
            {...control}
            value={texts.name}
            onChange={(event) => onTextChange('name', event.target.value)}
          />
        )}
      </Field>
      <Field label="Product" error={errorAt('product')}>
        {(control) => (
          <TextInput
            {...control}
            value={texts.product}
            onChange={(event) => onTextChange('product', event.target.value)}
          />
        )}
      </Field>
      <Field label="Description" error={errorAt('description')}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            className={inputClass}
            value={texts.description}
            onChange={(event) => onTextChange('description', event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={props.isDefault}
            onChange={(event) => props.onDefaultChange(event.target.checked)}
          />
          {props.defaultLabel}
        </label>
        {errorAt('is_default') && <p className="text-sm text-red-700">{errorAt('is_default')}</p>}
      </div>
    </>
  );
}
