import { ACCOUNT_TYPES, ClientDataInputSchema } from '@ballast/contract';
import { useId, useState } from 'react';
import { ACCOUNT_TYPE_LABELS } from '../account-types.ts';
import type { PlacedError } from '../open-errors.ts';
import { StepFrame, type StepNavigation } from '../step-frame.tsx';

const AccountTypeSchema = ClientDataInputSchema.shape.account_type;

/** The kind of account, one of product §9's five, each named in words with its code. */
export function AccountTypeStep(props: {
  value: string;
  onChange(accountType: string): void;
  navigation: StepNavigation;
  errors?: readonly PlacedError[];
  isBusy?: boolean;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  const [checked, setChecked] = useState(false);
  const serverError = props.errors?.find((error) => error.field === 'account_type')?.detail;
  const verdict = AccountTypeSchema.safeParse(props.value || undefined);
  const error = checked && !verdict.success ? verdict.error.issues[0]?.message : serverError;
  return (
    <StepFrame
      step="account-type"
      navigation={props.navigation}
      errors={props.errors}
      isBusy={props.isBusy}
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        if (verdict.success) void props.navigation.next();
      }}
    >
      <fieldset
        aria-describedby={error ? errorId : undefined}
        aria-invalid={Boolean(error)}
        className="flex flex-col gap-2"
      >
        <legend className="mb-2 text-sm font-medium text-slate-800">
          What kind of account is it?
        </legend>
        {ACCOUNT_TYPES.map((type) => (
          <label
            key={type}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm has-checked:border-navy-700 has-checked:bg-navy-50"
          >
            <input
              type="radio"
              name={name}
              value={type}
              checked={props.value === type}
              onChange={() => props.onChange(type)}
              className="size-4 accent-navy-700"
            />
            <span className="font-medium text-slate-900">{ACCOUNT_TYPE_LABELS[type]}</span>
            <span className="text-slate-600">({type})</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </StepFrame>
  );
}
