import { getPortfolio } from '@ballast/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';

/** The portfolio whose strategy is being changed: its client and current strategy. */
export function useChangedPortfolio(portfolioId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.portfolio(portfolioId ?? ''),
    enabled: portfolioId !== null,
    queryFn: () => api.request(getPortfolio, { params: { id: portfolioId ?? '' } }),
  });
}
