import { getPortfolio, getStrategyStyleFormOptions, listStrategyStyles } from '@ballast/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';

/** The styles a strategy can be built in, in the order the api lists them. */
export function useStrategyStyles() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.strategyStyles,
    queryFn: () => api.request(listStrategyStyles),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * A style's form. Asked once per visit: the call also queues the default strategy's run, and
 * the run's hash it answers is followed by the simulation hook.
 */
export function useFormOptions(style: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.strategyFormOptions(style ?? ''),
    enabled: style !== null,
    queryFn: () => api.request(getStrategyStyleFormOptions, { params: { name: style ?? '' } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The portfolio whose strategy is being changed: its client and current strategy. */
export function useChangedPortfolio(portfolioId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.portfolio(portfolioId ?? ''),
    enabled: portfolioId !== null,
    queryFn: () => api.request(getPortfolio, { params: { id: portfolioId ?? '' } }),
  });
}
