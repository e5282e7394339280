import type { Action } from '@ballast/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { answerField, RequestForm } from '../../components/request-form.tsx';
import { paths } from '../../config/paths.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useAnswerRequest } from './use-answer-request.ts';

const AnswerSchema = z.object({ answer: answerField(true) });
type AnswerForm = z.input<typeof AnswerSchema>;

/**
 * The answer to operations' instructions, sent from the monitor. The request's own details
 * (an amount, accounts, client data) are edited on the portfolio page, which the form links to.
 */
export function AnswerRequestForm(props: { action: Action; onDone(): void }) {
  const { action, onDone } = props;
  const answer = useAnswerRequest(onDone);
  const form = useForm<AnswerForm, unknown, z.output<typeof AnswerSchema>>({
    resolver: zodResolver(AnswerSchema),
    defaultValues: { answer: '' },
    mode: 'onTouched',
  });
  return (
    <div className="flex flex-col gap-3">
      <RequestForm
        onSubmit={form.handleSubmit((values) =>
          answer.mutate({ action, answer: values.answer ?? '' }),
        )}
        onCancel={onDone}
        submitLabel="Send response"
        isPending={answer.isPending}
        rootError={answer.isError ? errorMessage(answer.error) : undefined}
        answer={{
          instructions: action.needs_action_payload?.instructions,
          error: form.formState.errors.answer?.message,
          registration: form.register('answer'),
        }}
      />
      <p className="text-sm text-slate-700">
        To change what the request asks for as well,{' '}
        <Link
          to={paths.portfolio(action.portfolio_id)}
          className="font-semibold text-navy-700 underline"
        >
          answer on the portfolio page
        </Link>
        .
      </p>
    </div>
  );
}
