import type { FormOption } from '@ballast/contract';
import { type ReactNode, useId, useState } from 'react';

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

export type Ids = { id: string; describedBy: string | undefined; invalid: boolean };

/**
 * The label, summary, description and messages around a control. A control of several inputs
 * is a fieldset named by its legend; a single input is named by its label.
 */
export function OptionFrame(props: {
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
