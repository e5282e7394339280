import type { FormOptionValue } from '@ballast/contract';
import { useEffect, useState } from 'react';
import { isSameValue } from '../../lib/strategy-draft.ts';
import { inputClass } from '../ui/field.tsx';

/** What a typed number becomes: null when empty, the number, or the text (which then fails). */
function parseNumberInput(raw: string): number | string | null {
  const text = raw.trim().replaceAll(',', '');
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : raw;
}

export function displayOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/**
 * A number typed as text: what the advisor types stays on screen as typed, and what it means is
 * handed on, so a half-typed or wrong figure meets the contract's message rather than vanishing.
 */
export function NumberInput(props: {
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
export function ValueSelect(props: {
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
