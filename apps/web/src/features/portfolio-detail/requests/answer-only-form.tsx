import type { Action } from '@ballast/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { answerField, RequestForm } from '../../../components/request-form.tsx';
import { respondToAction } from '../../../lib/respond-to-action.ts';
import { useApi } from '../../../lib/session-context.tsx';
import { useActionSubmit } from './use-action-submit.ts';

const AnswerSchema = z.object({ answer: answerField(true) });
type AnswerForm = z.input<typeof AnswerSchema>;

/**
 * The answer to a request whose details this screen does not edit (a strategy change, opening,
 * closing): the payload goes back as it was, with the advisor's answer.
 */
export function AnswerOnlyForm(props: { action: Action; onDone(): void }) {
  const api = useApi();
  const { action } = props;
  const form = useForm<AnswerForm, unknown, z.output<typeof AnswerSchema>>({
    resolver: zodResolver(AnswerSchema),
    defaultValues: { answer: '' },
    mode: 'onTouched',
  });
  const submit = useActionSubmit({
    form,
    successText: 'Response sent',
    failureText: 'The response was not sent.',
    onDone: props.onDone,
    send: ({ answer }) => respondToAction(api, action, action.action_payload, answer ?? ''),
  });
  const { errors } = form.formState;
  return (
    <RequestForm
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
      onCancel={props.onDone}
      submitLabel="Send response"
      isPending={submit.isPending}
      rootError={errors.root?.server?.message}
      answer={{
        instructions: action.needs_action_payload?.instructions,
        error: errors.answer?.message,
        registration: form.register('answer'),
      }}
    />
  );
}
