import type { StrategyCatalogueEntry, StrategyInput } from '@ballast/contract';
import { type FormEvent, useState } from 'react';
import {
  CatalogueEntryFields,
  type CatalogueTexts,
  catalogueEntryErrors,
} from '../../components/catalogue-entry-fields.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { keepsCatalogue } from '../../lib/roles.ts';
import { useCurrentAdvisor } from '../../lib/use-current-advisor.ts';
import { useSaveCatalogueEntry, useStrategyCatalogue } from '../../lib/use-strategy-catalogue.ts';

const NEW_ENTRY = '';

type Texts = CatalogueTexts;
const EMPTY: Texts = { name: '', product: '', description: '' };

/**
 * Puts the strategy on screen into the firm's catalogue (decision 022), as a new entry or in
 * place of an entry of the same style, and optionally as the style's default, which new
 * accounts start from. Offered to the CIO and administrators only.
 */
export function AddToCatalogue(props: { strategy: StrategyInput | null }) {
  const advisor = useCurrentAdvisor({ refetchOnMount: false });
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<StrategyCatalogueEntry | null>(null);
  if (!keepsCatalogue(advisor.data?.role)) return null;
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="secondary" disabled={props.strategy === null} onClick={() => setOpen(true)}>
        Add to the catalogue
      </Button>
      <p role="status" className="text-right text-xs text-slate-600">
        {saved &&
          `“${saved.name}” is in the catalogue${saved.is_default ? ' as its style’s default' : ''}.`}
      </p>
      {props.strategy && (
        <Modal
          open={open}
          onOpenChange={setOpen}
          title="Add to the strategy catalogue"
          description="Advisors choose from the catalogue when they open an account."
        >
          <CatalogueEntryForm
            strategy={props.strategy}
            onSaved={(entry) => {
              setSaved(entry);
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        </Modal>
      )}
    </div>
  );
}

function CatalogueEntryForm(props: {
  strategy: StrategyInput;
  onSaved(entry: StrategyCatalogueEntry): void;
  onCancel(): void;
}) {
  const catalogue = useStrategyCatalogue({ style: props.strategy.style });
  const save = useSaveCatalogueEntry();
  const [target, setTarget] = useState(NEW_ENTRY);
  const [texts, setTexts] = useState<Texts>(EMPTY);
  const [isDefault, setIsDefault] = useState(false);
  const entries = catalogue.data ?? [];

  function choose(id: string) {
    save.reset();
    setTarget(id);
    const entry = entries.find((item) => item.id === id);
    setTexts(
      entry ? { name: entry.name, product: entry.product, description: entry.description } : EMPTY,
    );
    setIsDefault(entry?.is_default ?? false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const replaced = entries.find((item) => item.id === target);
    save.mutate(
      {
        id: replaced?.id ?? null,
        entry: {
          ...texts,
          status: replaced?.status ?? 'A',
          strategy: props.strategy,
          is_default: isDefault,
        },
      },
      { onSuccess: props.onSaved },
    );
  }

  const errors = catalogueEntryErrors(save.error);
  const set = (key: keyof Texts, value: string) => {
    save.reset();
    setTexts((current) => ({ ...current, [key]: value }));
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label="Catalogue entry" hint="Replacing an entry keeps its name unless you change it.">
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={target}
            onChange={(event) => choose(event.target.value)}
          >
            <option value={NEW_ENTRY}>A new entry</option>
            {entries.map((entry) => (
              <option key={entry.id} value={entry.id}>
                Replace “{entry.name}”{entry.status === 'I' ? ' (inactive)' : ''}
              </option>
            ))}
          </select>
        )}
      </Field>
      <CatalogueEntryFields
        texts={texts}
        isDefault={isDefault}
        defaultLabel="New accounts of this style start from it (the style’s default)"
        errorAt={errors.at}
        onTextChange={set}
        onDefaultChange={(checked) => {
          save.reset();
          setIsDefault(checked);
        }}
      />
      {errors.general && (
        <p role="alert" className="text-sm text-red-700">
          {errors.general}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save to the catalogue'}
        </Button>
      </div>
    </form>
  );
}
