import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

/** A labelled control with its error message tied to it for assistive technology. */
export function Field(props: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children(controlProps: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }): ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.error ? errorId : null, props.hint ? hintId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      {props.children({
        id,
        'aria-invalid': Boolean(props.error),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {props.hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId} className="text-sm text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}

export const inputClass =
  'rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 aria-[invalid=true]:border-red-700 disabled:bg-slate-100 disabled:text-slate-600';

export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={inputClass} {...props} />;
}
