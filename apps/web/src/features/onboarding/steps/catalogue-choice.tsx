import type { StrategyCatalogueEntry } from '@ballast/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';

/** The firm's catalogue strategies (decision 022), any of which the account may start from. */
export function CatalogueChoice(props: {
  entries: readonly StrategyCatalogueEntry[];
  onChoose(entry: StrategyCatalogueEntry): void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  // Until the advisor picks, the first entry (the list may arrive after the first render).
  const entry = props.entries.find((item) => item.id === chosen) ?? props.entries[0];
  if (props.entries.length === 0) return null;
  return (
    <div className="flex flex-wrap items-end gap-3 text-sm">
      <div className="min-w-64">
        <Field label="Start from the firm’s catalogue" hint={entry?.description || undefined}>
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={entry?.id ?? ''}
              onChange={(event) => setChosen(event.target.value)}
            >
              {props.entries.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                  {item.product ? ` (${item.product})` : ''}
                  {item.is_default ? ' · default' : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Button variant="secondary" disabled={!entry} onClick={() => entry && props.onChoose(entry)}>
        Use this strategy
      </Button>
    </div>
  );
}
