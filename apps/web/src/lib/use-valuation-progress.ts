import { getValuationProgress } from '@ballast/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queryKeys } from './query-keys.ts';
import { useApi } from './session-context.tsx';

/** How often a screen asks again while the firm's history is being valued. */
export const VALUATION_PROGRESS_POLL_MS = 5_000;

/**
 * Where the daily valuation of the caller's firm stands (decision 035). Asked again every few
 * seconds only while it is behind; each day it advances refreshes every portfolio query, so the
 * list's figures and a portfolio's charts grow with the history.
 */
export function useValuationProgress() {
  const api = useApi();
  const queryClient = useQueryClient();
  const progress = useQuery({
    queryKey: queryKeys.valuationProgress,
    queryFn: () => api.request(getValuationProgress),
    refetchInterval: (query) => (query.state.data?.is_behind ? VALUATION_PROGRESS_POLL_MS : false),
  });
  const valuedThrough = progress.data?.valued_through;
  const seen = useRef(valuedThrough);
  useEffect(() => {
    // The first answer comes with the screen's own queries; only a later day needs them again.
    if (seen.current !== undefined && seen.current !== valuedThrough) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.portfolios });
    }
    seen.current = valuedThrough;
  }, [valuedThrough, queryClient]);
  return progress;
}
