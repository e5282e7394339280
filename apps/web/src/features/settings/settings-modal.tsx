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
import { Modal } from '../../components/ui/modal.tsx';
import { useSession } from '../auth/session-context.tsx';
import { currentAdvisorKey } from '../header/use-current-advisor.ts';
import { SettingsFormView } from './settings-form.tsx';

/** USER SETTINGS (spec §2, §4, §5): the advisor edits their own name, phone, address and e-mail flag. */
export function SettingsModal(props: {
  advisor: Advisor;
  open: boolean;
  onOpenChange(open: boolean): void;
  returnFocus(): HTMLElement | null;
}) {
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="USER SETTINGS"
      wide
      returnFocus={props.returnFocus}
    >
      {props.open && (
        <SaveSettings advisor={props.advisor} onClose={() => props.onOpenChange(false)} />
      )}
    </Modal>
  );
}

/** Saves through the api; success refreshes the user; either way a toast, and the modal closes. */
function SaveSettings({ advisor, onClose }: { advisor: Advisor; onClose(): void }) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const save = useMutation({
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
      await queryClient.invalidateQueries({ queryKey: currentAdvisorKey });
    },
    onError: () => {
      notify({
        text: ADVISOR_UPDATE_FAILED,
        theme: 'error',
        autoDismiss: SETTINGS_TOAST_DURATION_MS,
      });
    },
    onSettled: onClose,
  });
  return (
    <SettingsFormView
      advisor={advisor}
      isSaving={save.isPending}
      onSubmit={(values) => save.mutate(values)}
      onCancel={onClose}
    />
  );
}
