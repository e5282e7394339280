import { openPortfolio } from '@ballast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';

/**
 * POST /portfolios/{id}/open: the api checks the saved application strictly and, when it
 * passes, the portfolio goes PENDING with its OPEN-ACCOUNT request.
 */
export function useOpenAccount(portfolioId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.request(openPortfolio, { params: { id: portfolioId }, body: { action_payload: {} } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.portfolios }),
  });
}
