import { type CustodianChange, changeCustodian, listCustodians } from '@ballast/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';
import { useRefreshAfterChange } from './use-refresh-after-change.ts';

/** GET /custodians: the firm's custodians, active and inactive. */
export function useAllCustodians() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.custodians,
    queryFn: () => api.request(listCustodians),
  });
}

/**
 * PATCH /custodians/{id}. Every custodian query starts with the same key, so the active list
 * that account opening offers is read again too.
 */
export function useChangeCustodian(firmId: string) {
  const api = useApi();
  const refresh = useRefreshAfterChange(firmId);
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: CustodianChange }) =>
      api.request(changeCustodian, { params: { id }, body: change }),
    onSuccess: () => refresh([queryKeys.custodians]),
  });
}
