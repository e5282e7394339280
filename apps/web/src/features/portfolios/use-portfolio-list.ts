import { listPortfolios, type PortfolioStatus } from '@ballast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';

/**
 * GET /portfolios, narrowed to one status by the server so that the AUM, average AUM and count
 * it answers describe the same portfolios as the rows. While another status loads, the previous
 * answer stays on screen (marked as placeholder) rather than the page blanking out.
 */
export function usePortfolioList(status: PortfolioStatus | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.portfolioList(status),
    queryFn: () => api.request(listPortfolios, { query: { status: status ?? undefined } }),
    placeholderData: keepPreviousData,
  });
}
