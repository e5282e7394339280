import { useState } from 'react';
import { Field, inputClass } from '../../../components/ui/field.tsx';

function namesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * A list of names typed one a line (product §3 disclosures). The text is kept as typed so a new
 * line can be started; the value is the list of non-empty lines.
 */
export function NamesField(props: {
  label: string;
  value: readonly string[] | undefined;
  error?: string | undefined;
  onChange(names: string[]): void;
}) {
  const [text, setText] = useState(() => (props.value ?? []).join('\n'));
  return (
    <Field label={props.label} error={props.error} hint="One name a line; empty for none.">
      {(control) => (
        <textarea
          {...control}
          rows={2}
          className={inputClass}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            props.onChange(namesOf(event.target.value));
          }}
        />
      )}
    </Field>
  );
}
