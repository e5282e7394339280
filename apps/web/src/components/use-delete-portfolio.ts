import { deletePortfolio, type PortfolioListItem } from '@ballast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../lib/api-error.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { useApi } from '../lib/session-context.tsx';
import { notify } from './toast/notify.tsx';

export function clientOf(portfolio: PortfolioListItem): string {
  return portfolio.client_name || 'an unnamed client';
}

/**
 * Deletes an incomplete portfolio and reports the outcome in a toast. The list is refreshed
 * whatever the answer, before `onSettled`: a refusal (409) means the portfolio has moved on
 * since the list was loaded, and the advisor should see where it stands now.
 */
export function useDeletePortfolio(onSettled: () => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: PortfolioListItem) =>
      api.request(deletePortfolio, { params: { id: target.id } }),
    onSuccess: (_answer, target) => {
      notify({ text: `The portfolio of ${clientOf(target)} was deleted.`, theme: 'success' });
    },
    onError: (error, target) => {
      notify({
        text: `The portfolio of ${clientOf(target)} could not be deleted.`,
        detail: errorMessage(error),
        theme: 'error',
      });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.portfolios });
      onSettled();
    },
  });
}
