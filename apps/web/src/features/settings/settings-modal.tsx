import {
  ADVISOR_UPDATE_FAILED,
  ADVISOR_UPDATED,
  type Advisor,
  canSubmitSettings,
  SETTINGS_SUBMITTING,
  SETTINGS_TOAST_DURATION_MS,
  type SettingsForm,
  SettingsFormSchema,
  updateAdvisor,
} from '@ballast/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { notify } from '../../components/toast/notify.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useSession } from '../auth/session-context.tsx';
import { currentAdvisorKey } from '../header/use-current-advisor.ts';
import { SettingsFields } from './settings-fields.tsx';

function formValues(advisor: Advisor): SettingsForm {
  return {
    first_name: advisor.first_name,
    last_name: advisor.last_name,
    phone: advisor.phone,
    address: advisor.address,
    address2: advisor.address2,
    city: advisor.city,
    state: advisor.state as SettingsForm['state'],
    zip_code: advisor.zip_code,
    email_notification: advisor.email_notification,
  };
}

/** USER SETTINGS (spec §2, §4, §5): the advisor edits their own name, phone, address and e-mail flag. */
export function SettingsModal(props: {
  advisor: Advisor;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Modal open={props.open} onOpenChange={props.onOpenChange} title="USER SETTINGS" wide>
      {props.open && (
        <SettingsFormBody advisor={props.advisor} onClose={() => props.onOpenChange(false)} />
      )}
    </Modal>
  );
}

function SettingsFormBody({ advisor, onClose }: { advisor: Advisor; onClose(): void }) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const form = useForm<SettingsForm>({
    resolver: zodResolver(SettingsFormSchema),
    defaultValues: formValues(advisor),
    mode: 'onTouched',
  });
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
  const [firstName, lastName, phone] = form.watch(['first_name', 'last_name', 'phone']);
  const canSubmit = canSubmitSettings({ first_name: firstName, last_name: lastName, phone });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <SettingsFields form={form} advisor={advisor} />
      <div className="mt-6 flex justify-end gap-3">
        <button
          type="button"
          className="rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
          onClick={onClose}
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={!canSubmit || save.isPending}
          className="rounded-md bg-navy-700 px-4 py-2 text-sm font-semibold text-white hover:bg-navy-800 disabled:cursor-not-allowed disabled:bg-slate-400"
        >
          {save.isPending ? SETTINGS_SUBMITTING : 'Submit'}
        </button>
      </div>
    </form>
  );
}
