import { listPortfolios, type PortfolioStatus } from '@ballast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../auth/session-context.tsx';

/** Every cached answer about portfolios, lists and details alike, starts with this key. */
export const portfoliosKey = ['portfolios'] as const;

/**
 * GET /portfolios, narrowed to one status by the server so that the AUM, average AUM and count
 * it answers describe the same portfolios as the rows. While another status loads, the previous
 * answer stays on screen (marked as placeholder) rather than the page blanking out.
 */
export function usePortfolioList(status: PortfolioStatus | null) {
  const api = useApi();
  return useQuery({
    queryKey: [...portfoliosKey, 'list', status ?? 'ALL'],
    queryFn: () => api.request(listPortfolios, { query: { status: status ?? undefined } }),
    placeholderData: keepPreviousData,
  });
}
