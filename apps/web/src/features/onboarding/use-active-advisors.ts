import { listAdvisors } from '@ballast/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';

/** The firm's active advisors, who may be named on the account. */
export function useActiveAdvisors() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.activeAdvisors,
    queryFn: () => api.request(listAdvisors, { query: { status: 'ACTIVE' } }),
  });
}
