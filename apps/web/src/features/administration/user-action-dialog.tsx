import {
  ADVISOR_ROLES,
  type AdvisorRole,
  type FirmUser,
  FirmUserInvitationSchema,
  SETTINGS_SUBMITTING,
} from '@ballast/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notify } from '../../components/toast/notify.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { FormProblem } from './form-problem.tsx';
import { showServerErrors } from './server-errors.ts';
import { useChangeUser, useReassignPortfolios } from './use-firm-users.ts';
import { fullName, ROLE_LABELS } from './user-fields.ts';

/** What an administrator does to one user from the table's menu. */
export type UserAction = 'role' | 'status' | 'email' | 'reassign';

export type ChosenAction = { user: FirmUser; action: UserAction };

function titleOf({ user, action }: ChosenAction): string {
  const name = fullName(user);
  if (action === 'role') return `Change the role of ${name}`;
  if (action === 'email') return `Change the e-mail of ${name}`;
  if (action === 'reassign') return `Reassign the portfolios of ${name}`;
  return user.status === 'ACTIVE' ? `Deactivate ${name}?` : `Reactivate ${name}?`;
}

/** The buttons every one of these forms ends with: keep things as they are, or go ahead. */
function Actions(props: {
  isPending: boolean;
  onClose(): void;
  submitLabel: string;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="flex justify-end gap-3">
      <Button variant="secondary" onClick={props.onClose} disabled={props.isPending}>
        Cancel
      </Button>
      <Button
        type="submit"
        variant={props.danger ? 'danger' : 'primary'}
        disabled={props.isPending || props.disabled}
      >
        {props.isPending ? SETTINGS_SUBMITTING : props.submitLabel}
      </Button>
    </div>
  );
}

/** A form that sends one request and, refused, says why above its buttons. */
function ConfirmForm(props: {
  children: ReactNode;
  onSubmit(): Promise<unknown>;
  isPending: boolean;
  error: unknown;
  onClose(): void;
  submitLabel: string;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        // The refusal is shown from the mutation's own state.
        props.onSubmit().catch(() => undefined);
      }}
    >
      {props.children}
      <FormProblem message={props.error ? errorMessage(props.error) : undefined} />
      <Actions
        isPending={props.isPending}
        onClose={props.onClose}
        submitLabel={props.submitLabel}
        {...(props.danger ? { danger: true } : {})}
        {...(props.disabled ? { disabled: true } : {})}
      />
    </form>
  );
}

type FormProps = { firmId: string; user: FirmUser; onClose(): void };

function RoleForm({ firmId, user, onClose }: FormProps) {
  const change = useChangeUser(firmId);
  const [role, setRole] = useState<AdvisorRole>(user.role);
  return (
    <ConfirmForm
      isPending={change.isPending}
      error={change.error}
      onClose={onClose}
      submitLabel="Change role"
      disabled={role === user.role}
      onSubmit={() =>
        change.mutateAsync({ user, change: { role } }).then(() => {
          notify({ text: `${fullName(user)} is now ${ROLE_LABELS[role]}.`, theme: 'success' });
          onClose();
        })
      }
    >
      <Field label="Role" hint="Their next request to Ballast is judged by the new role.">
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={role}
            onChange={(event) => setRole(event.target.value as AdvisorRole)}
          >
            {ADVISOR_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </select>
        )}
      </Field>
    </ConfirmForm>
  );
}

function StatusForm({ firmId, user, onClose }: FormProps) {
  const change = useChangeUser(firmId);
  const isDeactivating = user.status === 'ACTIVE';
  const name = fullName(user);
  return (
    <ConfirmForm
      isPending={change.isPending}
      error={change.error}
      onClose={onClose}
      submitLabel={isDeactivating ? 'Deactivate' : 'Reactivate'}
      danger={isDeactivating}
      onSubmit={() =>
        change
          .mutateAsync({ user, change: { status: isDeactivating ? 'INACTIVE' : 'ACTIVE' } })
          .then(() => {
            notify({
              text: `${name} is ${isDeactivating ? 'deactivated' : 'active again'}.`,
              theme: 'success',
            });
            onClose();
          })
      }
    >
      <p className="text-sm text-slate-800">
        {isDeactivating
          ? `${name} is signed out everywhere at once and can no longer sign in. Their portfolios stay theirs until you reassign them.`
          : `${name} can sign in again with their e-mail, ${user.email}.`}
      </p>
    </ConfirmForm>
  );
}

const EmailSchema = FirmUserInvitationSchema.pick({ email: true });

function EmailForm({ firmId, user, onClose }: FormProps) {
  const change = useChangeUser(firmId);
  const form = useForm<z.infer<typeof EmailSchema>>({
    resolver: zodResolver(EmailSchema),
    defaultValues: { email: user.email },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const email = form.watch('email');
  const submit = form.handleSubmit(({ email: next }) =>
    change.mutateAsync({ user, change: { email: next } }).then(
      () => {
        notify({ text: `A sign-in link was sent to ${next}.`, theme: 'success' });
        onClose();
      },
      (error: unknown) => showServerErrors(form, error, ['email']),
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label="New e-mail" error={errors.email?.message}>
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
      <p className="text-sm text-slate-800">
        Their sessions end at once. They get a new sign-in link at the new address, and sign in
        there from then on; {user.email} no longer signs in.
      </p>
      <FormProblem message={errors.root?.server?.message} />
      <Actions
        isPending={change.isPending}
        onClose={onClose}
        submitLabel="Change e-mail"
        disabled={email.trim().toLowerCase() === user.email.toLowerCase()}
      />
    </form>
  );
}

/** Who may take a user's portfolios: another active user who advises (not operations). */
export function reassignmentCandidates(users: readonly FirmUser[], from: FirmUser): FirmUser[] {
  return users.filter(
    (user) =>
      user.advisor !== from.advisor && user.status === 'ACTIVE' && user.role !== 'OPERATIONS',
  );
}

function ReassignForm({ firmId, user, onClose, users }: FormProps & { users: FirmUser[] }) {
  const reassign = useReassignPortfolios(firmId);
  const candidates = reassignmentCandidates(users, user);
  const [to, setTo] = useState('');
  const count = user.portfolio_count;
  const portfolios = `${count} ${count === 1 ? 'portfolio' : 'portfolios'}`;
  return (
    <ConfirmForm
      isPending={reassign.isPending}
      error={reassign.error}
      onClose={onClose}
      submitLabel={`Move ${portfolios}`}
      disabled={to === '' || count === 0}
      onSubmit={() =>
        reassign.mutateAsync({ from: user, to }).then(({ moved }) => {
          const taker = candidates.find((candidate) => candidate.advisor === to);
          notify({
            text: `${moved} ${moved === 1 ? 'portfolio' : 'portfolios'} moved to ${taker ? fullName(taker) : 'the new advisor'}.`,
            theme: 'success',
          });
          onClose();
        })
      }
    >
      <p className="text-sm text-slate-800">
        {count === 0
          ? `${fullName(user)} advises no portfolios: there is nothing to move.`
          : `${portfolios} of ${fullName(user)} will move, in one step, to the advisor you choose.`}
      </p>
      <Field label="New advisor">
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={to}
            onChange={(event) => setTo(event.target.value)}
          >
            <option value="">Choose an active advisor</option>
            {candidates.map((candidate) => (
              <option key={candidate.advisor} value={candidate.advisor}>
                {fullName(candidate)} ({ROLE_LABELS[candidate.role]})
              </option>
            ))}
          </select>
        )}
      </Field>
    </ConfirmForm>
  );
}

/** The dialog of whichever change the administrator chose for a user. */
export function UserActionDialog(props: {
  firmId: string;
  chosen: ChosenAction | null;
  users: FirmUser[];
  onClose(): void;
  returnFocus(): HTMLElement | null;
}) {
  const { chosen, firmId, onClose } = props;
  const formProps = chosen ? { firmId, user: chosen.user, onClose } : null;
  return (
    <Modal
      open={chosen !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      returnFocus={props.returnFocus}
      title={chosen ? titleOf(chosen) : ''}
    >
      {chosen && formProps && (
        <div key={`${chosen.user.advisor}:${chosen.action}`}>
          {chosen.action === 'role' && <RoleForm {...formProps} />}
          {chosen.action === 'status' && <StatusForm {...formProps} />}
          {chosen.action === 'email' && <EmailForm {...formProps} />}
          {chosen.action === 'reassign' && <ReassignForm {...formProps} users={props.users} />}
        </div>
      )}
    </Modal>
  );
}
