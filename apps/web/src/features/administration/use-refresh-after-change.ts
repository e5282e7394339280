import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * After a change on this screen: the queries it touched are read again, and the audit trail
 * always, since every change is written to it (decision 022).
 */
export function useRefreshAfterChange(firmId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (keys: readonly QueryKey[]) =>
      Promise.all(
        [...keys, queryKeys.auditEvents(firmId)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    [queryClient, firmId],
  );
}
