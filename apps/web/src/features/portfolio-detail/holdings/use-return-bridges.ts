import { getReturnBridges } from '@ballast/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useApi } from '../../../lib/session-context.tsx';

/** The latest report's returns opened into what made them, one bridge per period. */
export function useReturnBridges(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.returnBridges(id),
    queryFn: () => api.request(getReturnBridges, { params: { id } }),
  });
}
