/** The option controls whose value is a list: several choices, free texts, instrument limits. */
import type { FormOption } from '@ballast/contract';
import { useState } from 'react';
import { isSameValue } from '../../lib/strategy-draft.ts';
import { Button } from '../ui/button.tsx';
import { inputClass } from '../ui/field.tsx';
import { type OptionControlProps, OptionFrame } from './option-frame.tsx';
import { displayOf, NumberInput, ValueSelect } from './value-inputs.tsx';

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function MultiSelectControl(props: OptionControlProps) {
  const { option } = props;
  const picked = listOf(props.value);
  return (
    <OptionFrame option={option} errors={props.errors} compact={props.compact} group>
      {() => (
        <div className="grid max-h-44 grid-cols-1 gap-x-3 gap-y-1 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2">
          {option.values.map((offered) => {
            const checked = picked.some((item) => isSameValue(item, offered.value));
            return (
              <label
                key={displayOf(offered.value)}
                className="flex items-center gap-2 text-sm text-slate-800"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-navy-700"
                  checked={checked}
                  onChange={() =>
                    props.onChange(
                      checked
                        ? picked.filter((item) => !isSameValue(item, offered.value))
                        : [...picked, offered.value],
                    )
                  }
                />
                {offered.summary}
              </label>
            );
          })}
        </div>
      )}
    </OptionFrame>
  );
}

export function MultiTextControl(props: OptionControlProps) {
  const { option } = props;
  const items = listOf(props.value).map(String);
  const [draft, setDraft] = useState('');
  const add = () => {
    const text = draft.trim();
    if (text !== '' && !items.includes(text)) props.onChange([...items, text]);
    setDraft('');
  };
  return (
    <OptionFrame option={option} errors={props.errors} compact={props.compact}>
      {(ids) => (
        <div className="flex flex-col gap-2">
          <div className="flex gap-2">
            <input
              id={ids.id}
              className={`${inputClass} min-w-0 flex-1`}
              value={draft}
              aria-invalid={ids.invalid}
              aria-describedby={ids.describedBy}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
            />
            <Button variant="secondary" className="px-3 py-1.5" onClick={add}>
              Add
            </Button>
          </div>
          {items.length > 0 && (
            <ul aria-label={option.form_name} className="flex flex-wrap gap-1.5">
              {items.map((item) => (
                <li
                  key={item}
                  className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-sm"
                >
                  {item}
                  <button
                    type="button"
                    className="rounded-full px-1.5 text-slate-600 hover:bg-slate-200"
                    aria-label={`Remove ${item}`}
                    onClick={() => props.onChange(items.filter((kept) => kept !== item))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </OptionFrame>
  );
}

type InstrumentPercentage = { instrument: unknown; limit_pct: unknown };

function pairsOf(value: unknown): InstrumentPercentage[] {
  return listOf(value).map((item) => {
    const pair = (item ?? {}) as Partial<InstrumentPercentage>;
    return { instrument: pair.instrument, limit_pct: pair.limit_pct };
  });
}

/**
 * A list of instruments, each with a percentage: the values are the instruments a row may
 * name, and each value's limits bound its percentage.
 */
export function InstrumentPercentagesControl(props: OptionControlProps) {
  const { option } = props;
  const rows = pairsOf(props.value);
  const unused = option.values.filter(
    (offered) => !rows.some((row) => isSameValue(row.instrument, offered.value)),
  );
  const update = (index: number, row: InstrumentPercentage) =>
    props.onChange(rows.map((current, position) => (position === index ? row : current)));
  return (
    <OptionFrame option={option} errors={props.errors} compact={props.compact} group>
      {() => (
        <div className="flex flex-col gap-2">
          {rows.map((row, index) => (
            <InstrumentPercentageRow
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list; two rows may name the same token while being edited
              key={index}
              option={option}
              row={row}
              position={index + 1}
              onChange={(next) => update(index, next)}
              onRemove={() => props.onChange(rows.filter((_, position) => position !== index))}
            />
          ))}
          {unused[0] && (
            <Button
              variant="secondary"
              className="w-fit px-3 py-1.5"
              onClick={() =>
                props.onChange([
                  ...rows,
                  { instrument: unused[0]?.value, limit_pct: unused[0]?.limits?.max ?? null },
                ])
              }
            >
              Add {option.form_name.toLowerCase().replace(/s$/, '')}
            </Button>
          )}
        </div>
      )}
    </OptionFrame>
  );
}

function InstrumentPercentageRow(props: {
  option: FormOption;
  row: InstrumentPercentage;
  position: number;
  onChange(row: InstrumentPercentage): void;
  onRemove(): void;
}) {
  const { option, row } = props;
  const limits =
    option.values.find((offered) => isSameValue(offered.value, row.instrument))?.limits ?? null;
  const name = `${option.form_name} ${props.position}`;
  return (
    <div className="flex items-center gap-2">
      <ValueSelect
        aria-label={`${name}: instrument`}
        className="min-w-0 flex-1"
        values={option.values}
        value={row.instrument}
        onChange={(instrument) => props.onChange({ ...row, instrument })}
      />
      <NumberInput
        aria-label={`${name}: percent${limits ? ` (${limits.min} to ${limits.max})` : ''}`}
        className="w-20 text-right"
        value={row.limit_pct}
        onChange={(limit_pct) => props.onChange({ ...row, limit_pct })}
      />
      <span className="text-sm text-slate-600">%</span>
      <Button
        variant="ghost"
        className="px-2 py-1"
        aria-label={`Remove ${name}`}
        onClick={props.onRemove}
      >
        ×
      </Button>
    </div>
  );
}
