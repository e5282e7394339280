import { getSignInPolicy, replaceSignInPolicy, type SignInPolicy } from '@ballast/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';
import { useRefreshAfterChange } from './use-refresh-after-change.ts';

/** GET /firms/{id}/sign-in-policy: the policy in force and the installation's bounds on it. */
export function useSignInPolicy(firmId: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.signInPolicy(firmId),
    queryFn: () => api.request(getSignInPolicy, { params: { id: firmId } }),
  });
}

/** PUT /firms/{id}/sign-in-policy (decision 023). */
export function useReplaceSignInPolicy(firmId: string) {
  const api = useApi();
  const refresh = useRefreshAfterChange(firmId);
  return useMutation({
    mutationFn: (policy: SignInPolicy) =>
      api.request(replaceSignInPolicy, { params: { id: firmId }, body: policy }),
    onSuccess: () => refresh([queryKeys.signInPolicy(firmId)]),
  });
}
