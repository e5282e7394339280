import {
  type Action,
  CashPayloadSchema,
  requestDeposit,
  requestWithdrawal,
} from '@ballast/contract';
import { answerField, RequestForm } from '../../../components/request-form.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { useRequestForm } from './use-request-form.ts';

type CashAction = Action & {
  action_type: 'REQUEST-DEPOSIT' | 'REQUEST-WITHDRAWAL' | 'EXECUTE-DEPOSIT' | 'EXECUTE-WITHDRAWAL';
};

function schemaFor(isResponding: boolean) {
  return CashPayloadSchema.extend({ answer: answerField(isResponding) });
}

const WORDS = {
  deposit: {
    submit: 'Request deposit',
    success: 'Deposit requested',
    failure: 'The deposit was not requested.',
  },
  withdrawal: {
    submit: 'Request withdrawal',
    success: 'Withdrawal requested',
    failure: 'The withdrawal was not requested.',
  },
} as const;

/** Typed text, as a number of dollars: "25,000.50" and "$25000.5" both read 25000.5. */
function toAmount(text: unknown): number | undefined {
  if (typeof text === 'number') return text;
  const cleaned = String(text ?? '').replace(/[$,\s]/g, '');
  return cleaned === '' ? undefined : Number(cleaned);
}

/**
 * A cash deposit or withdrawal (product §3 cash payload), or the answer to operations' question
 * about one, with the amount open to correction.
 */
export function CashRequestForm(props: {
  portfolioId: string;
  kind: 'deposit' | 'withdrawal';
  respondTo?: CashAction;
  onDone(): void;
}) {
  const { respondTo } = props;
  const words = WORDS[props.kind];
  const { form, frame } = useRequestForm({
    schema: schemaFor(respondTo !== undefined),
    defaultValues: { cash: respondTo?.action_payload.cash, answer: '' },
    respondTo,
    words,
    toPayload: ({ cash }) => ({ cash }),
    portfolioId: props.portfolioId,
    route: props.kind === 'deposit' ? requestDeposit : requestWithdrawal,
    onDone: props.onDone,
  });
  const { errors } = form.formState;
  return (
    <RequestForm {...frame} submitLabel={respondTo ? 'Send response' : words.submit}>
      <Field label="Amount (USD)" error={errors.cash?.message} hint="In dollars and cents.">
        {(control) => (
          <input
            {...control}
            className={inputClass}
            inputMode="decimal"
            autoComplete="off"
            {...form.register('cash', { setValueAs: toAmount })}
          />
        )}
      </Field>
    </RequestForm>
  );
}
