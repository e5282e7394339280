import { createPortfolio } from '@ballast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';

/** POST /portfolios: the INCOMPLETE portfolio and the empty application the steps fill in. */
export function useStartApplication() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request(createPortfolio, { body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.portfolios }),
  });
}
