import type {
  Action,
  ActionPayload,
  ActionType,
  requestDeposit,
  requestWithdrawal,
  setUserDnt,
  updateClientDetail,
  updateCustodian,
} from '@ballast/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AnswerProps } from '../../../components/request-form.tsx';
import { respondToAction } from '../../../lib/respond-to-action.ts';
import { useApi } from '../../../lib/session-context.tsx';
import { useActionSubmit } from './use-action-submit.ts';

/** The routes of a new request of operations: each posts `{ action_payload }` for one portfolio. */
type NewRequestRoute =
  | typeof requestDeposit
  | typeof requestWithdrawal
  | typeof setUserDnt
  | typeof updateClientDetail
  | typeof updateCustodian;

/** Every request form's values carry the advisor's answer, used when responding. */
type WithAnswer = { answer?: string | undefined };

/**
 * One request form, new or in answer to operations: the form checked by `schema` (which holds
 * `answerField`), and a submit that sends either a new request to `route` or, with
 * `respondTo`, the advisor's response with the payload as edited. `frame` is what
 * `RequestForm` takes.
 */
export function useRequestForm<
  Input extends WithAnswer,
  Output extends WithAnswer,
  T extends ActionType,
>(options: {
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  respondTo: (Action & { action_type: T }) | undefined;
  /** The toasts of a new request; a response has its own. */
  words: { success: string; failure: string };
  toPayload(values: Output): ActionPayload<T>;
  portfolioId: string;
  /** Where a new request goes; a response goes to the request it answers. */
  route: NewRequestRoute;
  payloadPath?: (path: string) => string;
  onDone(): void;
}) {
  const api = useApi();
  const { respondTo } = options;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(options.schema),
    defaultValues: options.defaultValues,
    mode: 'onTouched',
  });
  const submit = useActionSubmit({
    form,
    successText: respondTo ? 'Response sent' : options.words.success,
    failureText: respondTo ? 'The response was not sent.' : options.words.failure,
    ...(options.payloadPath ? { payloadPath: options.payloadPath } : {}),
    onDone: options.onDone,
    send: (values: Output) => {
      const payload = options.toPayload(values);
      return respondTo
        ? respondToAction(api, respondTo, payload, values.answer ?? '')
        : api.request(options.route, {
            params: { id: options.portfolioId },
            body: { action_payload: payload },
          });
    },
  });
  // Path<Input> cannot see through the generic to the answer every schema here carries.
  const answerPath = 'answer' as Path<Input>;
  const answer: AnswerProps | undefined = respondTo && {
    instructions: respondTo.needs_action_payload?.instructions,
    error: form.getFieldState(answerPath, form.formState).error?.message,
    registration: form.register(answerPath),
  };
  return {
    form,
    frame: {
      onSubmit: form.handleSubmit((values) => submit.mutate(values)),
      onCancel: options.onDone,
      isPending: submit.isPending,
      rootError: form.formState.errors.root?.server?.message,
      answer,
    },
  };
}
