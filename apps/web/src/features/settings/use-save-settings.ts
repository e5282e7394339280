import {
  ADVISOR_UPDATE_FAILED,
  ADVISOR_UPDATED,
  type Advisor,
  SETTINGS_TOAST_DURATION_MS,
  type SettingsForm,
  updateAdvisor,
} from '@ballast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../components/toast/notify.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session-context.tsx';

/** Saves through the api; success refreshes the user; either way a toast, then `onSettled`. */
export function useSaveSettings(advisor: Advisor, onSettled: () => void) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SettingsForm) =>
      api.request(updateAdvisor, {
        params: { id: advisor.advisor },
        body: {
          ...values,
          middle_name: advisor.middle_name,
          email: advisor.email,
          status: advisor.status,
          role: advisor.role,
        },
      }),
    onSuccess: async () => {
      notify({ text: ADVISOR_UPDATED, theme: 'success', autoDismiss: SETTINGS_TOAST_DURATION_MS });
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentAdvisor });
    },
    onError: () => {
      notify({
        text: ADVISOR_UPDATE_FAILED,
        theme: 'error',
        autoDismiss: SETTINGS_TOAST_DURATION_MS,
      });
    },
    onSettled,
  });
}
