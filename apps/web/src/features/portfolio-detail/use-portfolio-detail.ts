import { getPortfolio } from '@ballast/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';

/**
 * The portfolio the screen shows. Its key, like every query of the detail screen, is under
 * `queryKeys.portfolios`, so one invalidation after a request refreshes them all.
 */
export function usePortfolioDetail(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.portfolio(id),
    queryFn: () => api.request(getPortfolio, { params: { id } }),
  });
}
