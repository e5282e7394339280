import {
  ADVISOR_ROLES,
  type FirmUserInvitation,
  FirmUserInvitationSchema,
  SETTINGS_SUBMITTING,
} from '@ballast/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { notify } from '../../components/toast/notify.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { FormProblem } from './form-problem.tsx';
import { showServerErrors } from './server-errors.ts';
import { useInviteUser } from './use-firm-users.ts';
import { ROLE_LABELS } from './user-fields.ts';

const FIELDS = ['email', 'first_name', 'last_name', 'role'] as const;

function InviteForm({ firmId, onClose }: { firmId: string; onClose(): void }) {
  const invite = useInviteUser(firmId);
  const form = useForm<FirmUserInvitation>({
    resolver: zodResolver(FirmUserInvitationSchema),
    defaultValues: { email: '', first_name: '', last_name: '', role: 'ADVISOR' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((invitation) =>
    invite.mutateAsync(invitation).then(
      (user) => {
        notify({ text: `Invitation sent to ${user.email}`, theme: 'success' });
        onClose();
      },
      (error: unknown) => showServerErrors(form, error, FIELDS),
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label="E-mail" error={errors.email?.message}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="off"
            className={inputClass}
            {...form.register('email')}
          />
        )}
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="First name" error={errors.first_name?.message}>
          {(control) => (
            <input {...control} className={inputClass} {...form.register('first_name')} />
          )}
        </Field>
        <Field label="Last name" error={errors.last_name?.message}>
          {(control) => (
            <input {...control} className={inputClass} {...form.register('last_name')} />
          )}
        </Field>
      </div>
      <Field label="Role" error={errors.role?.message}>
        {(control) => (
          <select {...control} className={inputClass} {...form.register('role')}>
            {ADVISOR_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FormProblem message={errors.root?.server?.message} />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={invite.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? SETTINGS_SUBMITTING : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}

/** Invite a new user: they are e-mailed a single-use sign-in link (decision 022). */
export function InviteUserDialog(props: {
  firmId: string;
  open: boolean;
  onClose(): void;
  returnFocus(): HTMLElement | null;
}) {
  return (
    <Modal
      open={props.open}
      onOpenChange={(isOpen) => !isOpen && props.onClose()}
      returnFocus={props.returnFocus}
      title="Invite a user"
      description="They get an e-mail with a sign-in link that works once, and set a password or a passkey when they first sign in."
    >
      {props.open && <InviteForm firmId={props.firmId} onClose={props.onClose} />}
    </Modal>
  );
}
