import { getStrategyStyleFormOptions, listStrategyStyles } from '@ballast/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';
import { useApi } from './session-context.tsx';

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
 * A style's form, none while `style` is unknown. Asked once per visit: the call also queues the
 * default strategy's run, whose hash it answers.
 */
export function useFormOptions(style: string | null | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.strategyFormOptions(style ?? ''),
    enabled: style !== null && style !== undefined,
    queryFn: () => api.request(getStrategyStyleFormOptions, { params: { name: style ?? '' } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
