import type { Action } from '@ballast/contract';
import { useMutation } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { notify } from '../../../components/toast/notify.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { showServerErrors } from './server-field-errors.ts';
import { useRefreshPortfolio } from './use-portfolio-actions.ts';

/**
 * Sends a request form: a success toast with the new action's state, then the action list and
 * status are refreshed and the modal closes; a failure stays open with the server's messages
 * beside the fields they concern and the whole message in a toast.
 */
export function useActionSubmit<Values extends FieldValues, Output>(options: {
  form: UseFormReturn<Values, unknown, Output>;
  send(values: Output): Promise<Action>;
  successText: string;
  failureText: string;
  payloadPath?: (path: string) => string;
  onDone(): void;
}) {
  const refresh = useRefreshPortfolio();
  return useMutation({
    mutationFn: options.send,
    onSuccess: (action) => {
      notify({ text: options.successText, theme: 'success', status: action.state });
      void refresh();
      options.onDone();
    },
    onError: (error) => {
      showServerErrors(options.form, error, options.payloadPath);
      notify({ text: options.failureText, theme: 'error', detail: errorMessage(error) });
    },
  });
}
