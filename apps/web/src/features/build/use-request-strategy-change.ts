import { type StrategyInput, updateStrategy } from '@ballast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../components/toast/notify.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';

/**
 * Asks operations to move a portfolio to the strategy built here (an UPDATE-STRATEGY action);
 * the portfolio's status and request list change with it, so they are read again.
 */
export function useRequestStrategyChange(portfolioId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (strategy: StrategyInput) =>
      api.request(updateStrategy, {
        params: { id: portfolioId },
        body: { action_payload: strategy },
      }),
    onSuccess: (action) => {
      notify({ text: 'Strategy change requested', theme: 'success', status: action.state });
      void queryClient.invalidateQueries({ queryKey: queryKeys.portfolios });
    },
    onError: (error) => {
      notify({
        text: 'The strategy change was not requested.',
        theme: 'error',
        detail: errorMessage(error),
      });
    },
  });
}
