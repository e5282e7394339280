import {
  ACCOUNT_NUMBER_FORMATS,
  type Action,
  CUSTODIAN_NAMES,
  type CurrentCustodian,
  listCustodians,
  UpdateCustodianPayloadSchema,
  updateCustodian,
} from '@ballast/contract';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { answerField, RequestForm } from '../../../components/request-form.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useApi } from '../../../lib/session-context.tsx';
import { useRequestForm } from './use-request-form.ts';

function schemaFor(isResponding: boolean) {
  return z.object({ custodians: UpdateCustodianPayloadSchema, answer: answerField(isResponding) });
}

const FORMAT_HINTS: Record<string, string> = {
  Fidelity: 'Fidelity numbers read AAA-AAAAAA (letters and/or numbers).',
  Schwab: 'Schwab numbers read AAAA-AAAA (letters and/or numbers).',
};

/** The active custodians' names from the api, or the contract's two while they load. */
function useCustodianNames(): readonly string[] {
  const api = useApi();
  const custodians = useQuery({
    queryKey: queryKeys.activeCustodians,
    queryFn: () => api.request(listCustodians, { query: { status: 'A' } }),
  });
  return custodians.data?.map((custodian) => custodian.name) ?? CUSTODIAN_NAMES;
}

/**
 * The complete new set of custodian accounts (UPDATE-CUSTODIAN), each number checked in the
 * form its custodian requires (product §5), prefilled with the accounts linked today.
 */
export function CustodianForm(props: {
  portfolioId: string;
  current: CurrentCustodian[];
  respondTo?: Action & { action_type: 'UPDATE-CUSTODIAN' };
  onDone(): void;
}) {
  const names = useCustodianNames();
  const { respondTo } = props;
  const initial = respondTo
    ? respondTo.action_payload
    : props.current.map((custodian) => ({
        custodian_name: custodian.custodian_name,
        account_number: custodian.custodian_account,
      }));
  const { form, frame } = useRequestForm({
    schema: schemaFor(respondTo !== undefined),
    defaultValues: {
      custodians: initial.length > 0 ? initial : [{ custodian_name: '', account_number: '' }],
      answer: '',
    },
    respondTo,
    words: {
      success: 'Custodian change requested',
      failure: 'The custodian change was not requested.',
    },
    toPayload: ({ custodians }) => custodians,
    portfolioId: props.portfolioId,
    route: updateCustodian,
    payloadPath: (path) => `custodians.${path}`,
    onDone: props.onDone,
  });
  const rows = useFieldArray({ control: form.control, name: 'custodians' });
  const { errors } = form.formState;
  const chosen = form.watch('custodians');
  const listError = errors.custodians?.root?.message ?? errors.custodians?.message;
  return (
    <RequestForm {...frame} submitLabel={respondTo ? 'Send response' : 'Request change'}>
      <p className="text-sm text-slate-700">
        List every account the portfolio should hold; the accounts linked today are replaced.
      </p>
      {rows.fields.map((row, index) => {
        const rowErrors = errors.custodians?.[index];
        const name = chosen[index]?.custodian_name ?? '';
        return (
          <fieldset key={row.id} className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-navy-800">
              Account {index + 1}
            </legend>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <Field label="Custodian" error={rowErrors?.custodian_name?.message}>
                {(control) => (
                  <select
                    {...control}
                    className={inputClass}
                    {...form.register(`custodians.${index}.custodian_name`)}
                  >
                    <option value="">Select a custodian</option>
                    {[...new Set([...names, ...(name ? [name] : [])])].map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field
                label="Account number"
                error={rowErrors?.account_number?.message}
                hint={
                  name in ACCOUNT_NUMBER_FORMATS
                    ? FORMAT_HINTS[name]
                    : 'Choose the custodian first.'
                }
              >
                {(control) => (
                  <input
                    {...control}
                    className={inputClass}
                    autoComplete="off"
                    spellCheck={false}
                    {...form.register(`custodians.${index}.account_number`)}
                  />
                )}
              </Field>
            </div>
            <Button
              variant="ghost"
              className="mt-2 px-2 py-1 text-xs"
              onClick={() => rows.remove(index)}
            >
              Remove account {index + 1}
            </Button>
          </fieldset>
        );
      })}
      {listError && (
        <p role="alert" className="text-sm text-red-700">
          {listError}
        </p>
      )}
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => rows.append({ custodian_name: '', account_number: '' })}
      >
        Add an account
      </Button>
    </RequestForm>
  );
}
