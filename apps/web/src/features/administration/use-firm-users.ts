import {
  changeFirmUser,
  type FirmUser,
  type FirmUserChange,
  type FirmUserInvitation,
  inviteFirmUser,
  listFirmUsers,
  reassignPortfolios,
  resendFirmUserInvitation,
} from '@ballast/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';
import { useRefreshAfterChange } from './use-refresh-after-change.ts';

/** GET /firms/{id}/users: every user of the firm, whatever their status. */
export function useFirmUsers(firmId: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.firmUsers(firmId),
    queryFn: () => api.request(listFirmUsers, { params: { id: firmId } }),
  });
}

/** POST /firms/{id}/users: the new user is mailed a single-use sign-in link. */
export function useInviteUser(firmId: string) {
  const api = useApi();
  const refresh = useRefreshAfterChange(firmId);
  return useMutation({
    mutationFn: (invitation: FirmUserInvitation) =>
      api.request(inviteFirmUser, { params: { id: firmId }, body: invitation }),
    onSuccess: () => refresh([queryKeys.firmUsers(firmId)]),
  });
}

/** PATCH /firms/{id}/users/{advisor_id}: role, status or e-mail. */
export function useChangeUser(firmId: string) {
  const api = useApi();
  const refresh = useRefreshAfterChange(firmId);
  return useMutation({
    mutationFn: ({ user, change }: { user: FirmUser; change: FirmUserChange }) =>
      api.request(changeFirmUser, {
        params: { id: firmId, advisor_id: user.advisor },
        body: change,
      }),
    // An administrator may change themselves, so the header's user is read again too.
    onSuccess: () => refresh([queryKeys.firmUsers(firmId), queryKeys.currentAdvisor]),
  });
}

/** POST …/invitation: a fresh sign-in link; the earlier ones stop working. */
export function useResendInvitation(firmId: string) {
  const api = useApi();
  const refresh = useRefreshAfterChange(firmId);
  return useMutation({
    mutationFn: (user: FirmUser) =>
      api.request(resendFirmUserInvitation, { params: { id: firmId, advisor_id: user.advisor } }),
    onSuccess: () => refresh([]),
  });
}

/** POST …/reassign-portfolios: every portfolio the user advises goes to `to`, in one step. */
export function useReassignPortfolios(firmId: string) {
  const api = useApi();
  const refresh = useRefreshAfterChange(firmId);
  return useMutation({
    mutationFn: ({ from, to }: { from: FirmUser; to: string }) =>
      api.request(reassignPortfolios, {
        params: { id: firmId, advisor_id: from.advisor },
        body: { to_advisor: to },
      }),
    onSuccess: () => refresh([queryKeys.firmUsers(firmId), queryKeys.portfolios]),
  });
}
