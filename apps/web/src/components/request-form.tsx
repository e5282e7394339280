import { FIELD_REQUIRED } from '@ballast/contract';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { Button } from './ui/button.tsx';
import { Field, inputClass } from './ui/field.tsx';

/**
 * The advisor's answer to operations' instructions; required only when answering, so the
 * same form serves a new request and a response.
 */
export function answerField(isResponding: boolean) {
  return z
    .string()
    .optional()
    .refine((answer) => !isResponding || Boolean(answer?.trim()), { error: FIELD_REQUIRED });
}

/**
 * The frame every request form shares: operations' question and the advisor's answer when
 * responding, then its fields, a form-level error, Cancel and Submit.
 */
export function RequestForm(props: {
  onSubmit(): void;
  onCancel(): void;
  submitLabel: string;
  isPending: boolean;
  rootError?: string | undefined;
  answer?: AnswerProps | undefined;
  danger?: boolean;
  children?: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
      className="flex flex-col gap-4"
    >
      {props.answer && <AnswerInput {...props.answer} />}
      {props.children}
      {props.rootError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {props.rootError}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={props.danger ? 'danger' : 'primary'}
          disabled={props.isPending}
        >
          {props.isPending ? 'Submitting...' : props.submitLabel}
        </Button>
      </div>
    </form>
  );
}

export type AnswerProps = {
  instructions: string | undefined;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
};

/** What operations asked, and the advisor's answer to it. */
function AnswerInput(props: AnswerProps) {
  return (
    <div className="flex flex-col gap-3">
      <div className="rounded-md border-l-4 border-amber-500 bg-amber-50 px-3 py-2 text-sm">
        <p className="font-semibold text-slate-800">Operations asks:</p>
        <p className="mt-1 whitespace-pre-wrap text-slate-900">
          {props.instructions || 'No instructions were given; answer what you can.'}
        </p>
      </div>
      <Field label="Your answer" error={props.error}>
        {(control) => (
          <textarea {...control} rows={3} className={inputClass} {...props.registration} />
        )}
      </Field>
    </div>
  );
}
