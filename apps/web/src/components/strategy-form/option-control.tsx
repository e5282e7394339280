import type { FormOption, FormOptionValue } from '@ballast/contract';
import * as Switch from '@radix-ui/react-switch';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { isSameValue } from '../../lib/strategy-draft.ts';
import { Button } from '../ui/button.tsx';
import { inputClass } from '../ui/field.tsx';
import { OptionIcon } from './option-icon.tsx';

export type OptionControlProps = {
  option: FormOption;
  value: unknown;
  /** The bounds a range or number takes now (its own, or those a chosen value imposes). */
  limits: { min: number; max: number } | null;
  errors: readonly string[];
  /** The tax-data section: no summaries, choices as drop-downs. */
  compact?: boolean;
  onChange(value: unknown): void;
};

/**
 * Choices drawn as buttons side by side, when a few short ones fit the options column; more, or
 * longer ones, go in a drop-down.
 */
const CHOICE_BUTTONS_MAX = 4;
const CHOICE_BUTTONS_MAX_TEXT = 40;

function fitsAsButtons(option: FormOption): boolean {
  const text = option.values.reduce((length, value) => length + value.summary.length, 0);
  return option.values.length <= CHOICE_BUTTONS_MAX && text <= CHOICE_BUTTONS_MAX_TEXT;
}

/** What a typed number becomes: null when empty, the number, or the text (which then fails). */
export function parseNumberInput(raw: string): number | string | null {
  const text = raw.trim().replaceAll(',', '');
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : raw;
}

function displayOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** One form option, drawn by its `value_type`, with its summary, description and messages. */
export function OptionControl(props: OptionControlProps) {
  switch (props.option.value_type) {
    case 'select':
      return fitsAsButtons(props.option) && !props.compact ? (
        <ChoiceButtons {...props} />
      ) : (
        <SelectControl {...props} />
      );
    case 'toggle':
      return <ToggleControl {...props} />;
    case 'range':
      return <RangeControl {...props} />;
    case 'number':
      return <NumberControl {...props} />;
    case 'multi_select':
      return <MultiSelectControl {...props} />;
    case 'multi_text':
      return <MultiTextControl {...props} />;
    case 'instrument_percentages':
      return <InstrumentPercentagesControl {...props} />;
    default:
      return <UnknownControl {...props} />;
  }
}

type Ids = { id: string; describedBy: string | undefined; invalid: boolean };

/**
 * The label, summary, description and messages around a control. A control of several inputs
 * is a fieldset named by its legend; a single input is named by its label.
 */
function OptionFrame(props: {
  option: FormOption;
  errors: readonly string[];
  compact?: boolean | undefined;
  group?: boolean;
  /** What the chosen value means, under the control. */
  note?: string | undefined;
  children(ids: Ids): ReactNode;
}) {
  const { option, errors } = props;
  const id = useId();
  const [showAbout, setShowAbout] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const aboutId = `${id}-about`;
  const hasHint = !props.compact && option.form_summary !== '';
  const describedBy =
    [errors.length > 0 ? errorId : null, hasHint ? hintId : null].filter(Boolean).join(' ') ||
    undefined;
  const ids: Ids = { id, describedBy, invalid: errors.length > 0 };
  const title = (
    <span className="flex items-center gap-1.5 text-sm font-semibold text-slate-800">
      {option.form_name}
    </span>
  );
  const about =
    option.form_description !== '' ? (
      <button
        type="button"
        className="rounded-full px-1 text-xs font-semibold text-navy-700 underline decoration-dotted hover:bg-slate-100"
        aria-expanded={showAbout}
        aria-controls={aboutId}
        aria-label={`About ${option.form_name}`}
        onClick={() => setShowAbout((shown) => !shown)}
      >
        ?
      </button>
    ) : null;
  const below = (
    <>
      {hasHint && (
        <p id={hintId} className="text-xs text-slate-600">
          {option.form_summary}
        </p>
      )}
      <p
        id={aboutId}
        hidden={!showAbout}
        className="rounded bg-slate-50 px-2 py-1 text-xs text-slate-700"
      >
        {option.form_description}
      </p>
      {props.note && <p className="text-xs text-slate-600">{props.note}</p>}
      {errors.length > 0 && (
        <div id={errorId} className="text-sm text-red-700">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </>
  );
  if (props.group) {
    return (
      <fieldset className="min-w-0" aria-describedby={describedBy}>
        <legend className="float-left mr-1">{title}</legend>
        {about}
        <div className="clear-both flex flex-col gap-1 pt-1">
          {props.children(ids)}
          {below}
        </div>
      </fieldset>
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex items-center gap-1">
        <label htmlFor={id}>{title}</label>
        {about}
      </div>
      {props.children(ids)}
      {below}
    </div>
  );
}

function chosenOf(option: FormOption, value: unknown): FormOptionValue | undefined {
  return option.values.find((offered) => isSameValue(offered.value, value));
}

function valueNote(option: FormOption, value: unknown): string | undefined {
  const chosen = chosenOf(option, value);
  return chosen && chosen.description !== chosen.summary ? chosen.description : undefined;
}

function ChoiceButtons(props: OptionControlProps) {
  const { option, value } = props;
  const name = useId();
  return (
    <OptionFrame option={option} errors={props.errors} group note={valueNote(option, value)}>
      {(ids) => (
        <div className="grid auto-cols-fr grid-flow-col gap-1 rounded-md bg-slate-100 p-1">
          {option.values.map((offered) => {
            const checked = isSameValue(offered.value, value);
            return (
              <label
                key={displayOf(offered.value)}
                className={`flex cursor-pointer items-center justify-center gap-1.5 rounded px-2 py-1.5 text-center text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-blue-700 ${checked ? 'bg-white font-semibold text-navy-800 shadow-sm' : 'text-slate-700 hover:bg-white/60'}`}
              >
                <input
                  type="radio"
                  className="sr-only"
                  name={name}
                  checked={checked}
                  aria-invalid={ids.invalid}
                  onChange={() => props.onChange(offered.value)}
                />
                <OptionIcon name={offered.icon} className="size-4" />
                {offered.summary}
              </label>
            );
          })}
        </div>
      )}
    </OptionFrame>
  );
}

function SelectControl(props: OptionControlProps) {
  const { option, value } = props;
  return (
    <OptionFrame
      option={option}
      errors={props.errors}
      compact={props.compact}
      note={props.compact ? undefined : valueNote(option, value)}
    >
      {(ids) => (
        <ValueSelect
          id={ids.id}
          values={option.values}
          value={value}
          onChange={props.onChange}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
        />
      )}
    </OptionFrame>
  );
}

function ToggleControl(props: OptionControlProps) {
  const { option, value } = props;
  const chosen = chosenOf(option, value);
  return (
    <OptionFrame option={option} errors={props.errors} compact={props.compact}>
      {(ids) => (
        <div className="flex items-center gap-2">
          <Switch.Root
            id={ids.id}
            checked={value === true}
            onCheckedChange={(checked) => props.onChange(checked)}
            aria-invalid={ids.invalid}
            aria-describedby={ids.describedBy}
            className="relative h-6 w-11 shrink-0 rounded-full bg-slate-400 data-[state=checked]:bg-navy-700"
          >
            <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white transition-transform data-[state=checked]:translate-x-[1.375rem]" />
          </Switch.Root>
          <OptionIcon name={chosen?.icon ?? null} className="size-4 text-slate-600" />
          <span className="text-sm text-slate-700">{chosen?.summary}</span>
        </div>
      )}
    </OptionFrame>
  );
}

/**
 * A number typed as text: what the advisor types stays on screen as typed, and what it means is
 * handed on, so a half-typed or wrong figure meets the contract's message rather than vanishing.
 */
function NumberInput(props: {
  value: unknown;
  onChange(value: unknown): void;
  className: string;
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
}) {
  const { value, onChange, className, ...named } = props;
  const [text, setText] = useState(displayOf(value));
  useEffect(() => {
    // A value set from elsewhere (a constraint, the slider) replaces what was typed.
    setText((typed) => (isSameValue(parseNumberInput(typed), value) ? typed : displayOf(value)));
  }, [value]);
  return (
    <input
      {...named}
      className={`${inputClass} tabular-nums ${className}`}
      inputMode="decimal"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseNumberInput(event.target.value));
      }}
    />
  );
}

/** The offered values as a drop-down, by position, so numbers and text alike round-trip. */
function ValueSelect(props: {
  values: readonly FormOptionValue[];
  value: unknown;
  onChange(value: unknown): void;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
}) {
  const { values, value, onChange, className = '', ...named } = props;
  const index = values.findIndex((offered) => isSameValue(offered.value, value));
  return (
    <select
      {...named}
      className={`${inputClass} ${className}`}
      value={index === -1 ? '' : String(index)}
      onChange={(event) => onChange(values[Number(event.target.value)]?.value)}
    >
      {index === -1 && <option value="">Choose…</option>}
      {values.map((offered, position) => (
        <option key={displayOf(offered.value)} value={String(position)}>
          {offered.summary}
        </option>
      ))}
    </select>
  );
}

function stepOf(limits: { min: number; max: number }): number {
  return limits.max - limits.min <= 20 ? 0.1 : 1;
}

function RangeControl(props: OptionControlProps) {
  const { option, value, limits } = props;
  return (
    <OptionFrame option={option} errors={props.errors} compact={props.compact}>
      {(ids) => (
        <div className="flex items-center gap-3">
          {limits && (
            <input
              type="range"
              aria-label={`${option.form_name} slider`}
              className="min-w-0 flex-1 accent-navy-700"
              min={limits.min}
              max={limits.max}
              step={stepOf(limits)}
              value={typeof value === 'number' ? value : limits.min}
              onChange={(event) => props.onChange(Number(event.target.value))}
            />
          )}
          <NumberInput
            id={ids.id}
            className="w-20 text-right"
            value={value}
            onChange={props.onChange}
            aria-invalid={ids.invalid}
            aria-describedby={ids.describedBy}
          />
        </div>
      )}
    </OptionFrame>
  );
}

function NumberControl(props: OptionControlProps) {
  return (
    <OptionFrame option={props.option} errors={props.errors} compact={props.compact}>
      {(ids) => (
        <NumberInput
          id={ids.id}
          className=""
          value={props.value}
          onChange={props.onChange}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
        />
      )}
    </OptionFrame>
  );
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function MultiSelectControl(props: OptionControlProps) {
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

function MultiTextControl(props: OptionControlProps) {
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
function InstrumentPercentagesControl(props: OptionControlProps) {
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

function UnknownControl(props: OptionControlProps) {
  return (
    <OptionFrame option={props.option} errors={props.errors} compact={props.compact}>
      {(ids) => (
        <output id={ids.id} className="text-sm text-slate-700">
          {JSON.stringify(props.value)} (this screen cannot edit a “{props.option.value_type}”
          option yet)
        </output>
      )}
    </OptionFrame>
  );
}
