import {
  ACCOUNT_NUMBER_FORMATS,
  CUSTODIANS_LOAD_FAILED,
  type CustodianInput,
  type CustodianInputDraft,
  CustodianInputSchema,
  listCustodians,
  NO_CUSTODIANS,
} from '@ballast/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { LoadingBlock } from '../../../components/ui/skeleton.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useApi } from '../../../lib/session-context.tsx';
import type { PlacedError } from '../open-errors.ts';
import { StepFrame, type StepNavigation } from '../step-frame.tsx';
import { useStepForm } from '../use-step-form.ts';

const FORM_HINTS: Record<string, string> = {
  Fidelity: 'Fidelity numbers read AAA-AAAAAA (letters and/or numbers).',
  Schwab: 'Schwab numbers read AAAA-AAAA (letters and/or numbers).',
};

type Values = { custodian_name: string; account_number: string | undefined };

/**
 * The custodian that will hold the account, from the active ones the api lists, and the account
 * number in the form that custodian requires (product §5 'Custodian account number'). Continuing
 * checks the number strictly, as opening will; the draft saved meanwhile may leave it empty.
 */
export function CustodianStep(props: {
  value: CustodianInputDraft[];
  onChange(value: CustodianInputDraft[]): void;
  navigation: StepNavigation;
  errors?: readonly PlacedError[];
}) {
  const { onChange, errors } = props;
  const api = useApi();
  const custodians = useQuery({
    queryKey: queryKeys.activeCustodians,
    queryFn: () => api.request(listCustodians, { query: { status: 'A' } }),
  });
  const first = props.value[0];
  const form = useForm<Values, unknown, CustodianInput>({
    resolver: zodResolver(CustodianInputSchema),
    defaultValues: {
      custodian_name: first?.custodian_name ?? '',
      account_number: first?.account_number ?? '',
    },
    mode: 'onTouched',
  });
  const groupName = useId();

  useStepForm(
    form,
    errors,
    useCallback((values: Values) => onChange(values.custodian_name ? [values] : []), [onChange]),
  );

  const chosen = form.watch('custodian_name');
  const { errors: fieldErrors } = form.formState;
  const nameError = fieldErrors.custodian_name?.message;
  return (
    <StepFrame
      step="custodian"
      navigation={props.navigation}
      errors={errors}
      onSubmit={form.handleSubmit(() => props.navigation.next())}
    >
      {custodians.isPending && <LoadingBlock label="Loading the custodians" rows={2} />}
      {custodians.isError && (
        <p role="alert" className="text-sm text-red-700">
          {CUSTODIANS_LOAD_FAILED}
        </p>
      )}
      {custodians.data?.length === 0 && <p className="text-sm">{NO_CUSTODIANS}</p>}
      {custodians.data && custodians.data.length > 0 && (
        <fieldset
          className="flex flex-col gap-2"
          aria-invalid={Boolean(nameError)}
          aria-describedby={nameError ? `${groupName}-error` : undefined}
        >
          <legend className="mb-2 text-sm font-medium text-slate-800">Custodian</legend>
          {custodians.data.map((custodian) => (
            <label
              key={custodian.id}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm has-checked:border-navy-700 has-checked:bg-navy-50"
            >
              <input
                type="radio"
                value={custodian.name}
                className="mt-0.5 size-4 accent-navy-700"
                {...form.register('custodian_name')}
              />
              <span>
                <span className="font-medium text-slate-900">{custodian.name}</span>{' '}
                <span className="text-slate-600">· product {custodian.product}</span>
                <span className="block text-slate-700">{custodian.description}</span>
              </span>
            </label>
          ))}
          {nameError && (
            <p id={`${groupName}-error`} className="text-sm text-red-700">
              {nameError}
            </p>
          )}
        </fieldset>
      )}
      <div className="max-w-sm">
        <Field
          label="Account number"
          error={fieldErrors.account_number?.message}
          hint={
            chosen && Object.hasOwn(ACCOUNT_NUMBER_FORMATS, chosen)
              ? FORM_HINTS[chosen]
              : 'Choose the custodian first.'
          }
        >
          {(control) => (
            <input
              {...control}
              className={inputClass}
              autoComplete="off"
              {...form.register('account_number')}
            />
          )}
        </Field>
      </div>
    </StepFrame>
  );
}
