import {
  type Action,
  CashPayloadSchema,
  requestDeposit,
  requestWithdrawal,
} from '@ballast/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { useApi } from '../auth/session-context.tsx';
import { AnswerInput, answerField, RequestForm } from './request-form.tsx';
import { respondToAction } from './send-action.ts';
import { useActionSubmit } from './use-action-submit.ts';

type CashAction = Action & {
  action_type: 'REQUEST-DEPOSIT' | 'REQUEST-WITHDRAWAL' | 'EXECUTE-DEPOSIT' | 'EXECUTE-WITHDRAWAL';
};

function schemaFor(isResponding: boolean) {
  return CashPayloadSchema.extend({ answer: answerField(isResponding) });
}
type CashForm = z.input<ReturnType<typeof schemaFor>>;

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
 * A cash deposit or withdrawal (spec §3 cash payload), or the answer to operations' question
 * about one, with the amount open to correction.
 */
export function CashRequestForm(props: {
  portfolioId: string;
  kind: 'deposit' | 'withdrawal';
  respondTo?: CashAction;
  onDone(): void;
}) {
  const api = useApi();
  const { respondTo } = props;
  const form = useForm<CashForm, unknown, z.output<ReturnType<typeof schemaFor>>>({
    resolver: zodResolver(schemaFor(respondTo !== undefined)),
    defaultValues: { cash: respondTo?.action_payload.cash, answer: '' },
    mode: 'onTouched',
  });
  const words = WORDS[props.kind];
  const submit = useActionSubmit({
    form,
    successText: respondTo ? 'Response sent' : words.success,
    failureText: respondTo ? 'The response was not sent.' : words.failure,
    onDone: props.onDone,
    send: ({ cash, answer }) => {
      if (respondTo) return respondToAction(api, respondTo, { cash }, answer ?? '');
      const route = props.kind === 'deposit' ? requestDeposit : requestWithdrawal;
      return api.request(route, {
        params: { id: props.portfolioId },
        body: { action_payload: { cash } },
      });
    },
  });
  const { errors } = form.formState;
  return (
    <RequestForm
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
      onCancel={props.onDone}
      submitLabel={respondTo ? 'Send response' : words.submit}
      isPending={submit.isPending}
      rootError={errors.root?.server?.message}
    >
      {respondTo && (
        <AnswerInput
          instructions={respondTo.needs_action_payload?.instructions}
          error={errors.answer?.message}
          registration={form.register('answer')}
        />
      )}
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
