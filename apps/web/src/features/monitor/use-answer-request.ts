import type { Action } from '@ballast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../components/toast/notify.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { respondToAction } from '../../lib/respond-to-action.ts';
import { useApi } from '../../lib/session-context.tsx';

/**
 * Answers an in-channel request as the portfolio page does (submit-response): the request's
 * payload as it stands, with the advisor's answer. The monitor, the portfolio and the
 * operations queue refresh after it.
 */
export function useAnswerRequest(onDone: () => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, answer }: { action: Action; answer: string }) =>
      respondToAction(api, action, action.action_payload, answer),
    onSuccess: (action) => {
      notify({ text: 'Response sent', theme: 'success', status: action.state });
      onDone();
    },
    onError: (error) => {
      notify({ text: 'The response was not sent.', theme: 'error', detail: errorMessage(error) });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.portfolios }),
        queryClient.invalidateQueries({ queryKey: queryKeys.actionQueue }),
      ]),
  });
}
