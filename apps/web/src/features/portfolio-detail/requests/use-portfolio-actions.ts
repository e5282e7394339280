import { listPortfolioActions } from '@ballast/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useApi } from '../../../lib/session-context.tsx';

export function usePortfolioActions(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.portfolioActions(id),
    queryFn: () => api.request(listPortfolioActions, { params: { id } }),
  });
}

/** Refreshes everything a request may have changed: the actions, the status, the list. */
export function useRefreshPortfolio() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.portfolios }),
    [queryClient],
  );
}
