import type { FirmUser } from '@ballast/contract';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useMemo, useRef, useState } from 'react';
import { notify } from '../../components/toast/notify.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { LoadingBlock } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { downloadCsv, toCsv } from '../../lib/csv.ts';
import { InviteUserDialog } from './invite-user-dialog.tsx';
import { LoadFailure } from './load-failure.tsx';
import { type TableColumn, TableFrame } from './table-frame.tsx';
import { useFirmUsers, useResendInvitation } from './use-firm-users.ts';
import { type ChosenAction, UserActionDialog } from './user-action-dialog.tsx';
import {
  csvFileName,
  filterUsers,
  fullName,
  ROLE_LABELS,
  STATUS_LABELS,
  signInText,
  sortUsers,
  USER_CSV_COLUMNS,
} from './user-fields.ts';

const USER_COLUMNS: TableColumn[] = [
  { label: 'Name' },
  { label: 'E-mail' },
  { label: 'Role' },
  { label: 'Status' },
  { label: 'Sign-in' },
  { label: 'Portfolios', isNumeric: true },
  { label: 'Actions', isHidden: true },
];

const menuItemClass =
  'cursor-pointer rounded px-3 py-2 text-sm text-slate-900 outline-none data-[highlighted]:bg-navy-50 data-[highlighted]:text-navy-800';

function UserMenu(props: {
  user: FirmUser;
  onChoose(chosen: ChosenAction): void;
  onResend(user: FirmUser): void;
}) {
  const { user, onChoose } = props;
  return (
    // Not modal, as the account menu: a modal menu hides the page from screen readers while
    // leaving it focusable.
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <Button variant="secondary" className="px-3 py-1" aria-label={`Manage ${fullName(user)}`}>
          Manage
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          className="z-30 min-w-[13rem] rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          <Menu.Item className={menuItemClass} onSelect={() => onChoose({ user, action: 'role' })}>
            Change role…
          </Menu.Item>
          <Menu.Item
            className={menuItemClass}
            onSelect={() => onChoose({ user, action: 'status' })}
          >
            {user.status === 'ACTIVE' ? 'Deactivate…' : 'Reactivate…'}
          </Menu.Item>
          <Menu.Item className={menuItemClass} onSelect={() => onChoose({ user, action: 'email' })}>
            Change e-mail…
          </Menu.Item>
          {!user.signed_in && (
            <Menu.Item className={menuItemClass} onSelect={() => props.onResend(user)}>
              Resend invitation
            </Menu.Item>
          )}
          <Menu.Item
            className={menuItemClass}
            onSelect={() => onChoose({ user, action: 'reassign' })}
          >
            Reassign portfolios…
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

function UserTable(props: {
  users: FirmUser[];
  onChoose(chosen: ChosenAction): void;
  onResend(user: FirmUser): void;
}) {
  return (
    <TableFrame caption="The firm's users" columns={USER_COLUMNS}>
      {props.users.map((user) => (
        <tr key={user.advisor} className="border-b border-slate-100 last:border-b-0">
          <th scope="row" className="px-3 py-2 font-semibold text-slate-900">
            {fullName(user)}
          </th>
          <td className="px-3 py-2 break-words">{user.email}</td>
          <td className="px-3 py-2">{ROLE_LABELS[user.role]}</td>
          <td className="px-3 py-2">
            <span
              className={
                user.status === 'ACTIVE'
                  ? 'rounded bg-green-100 px-2 py-0.5 text-green-900'
                  : 'rounded bg-slate-200 px-2 py-0.5 text-slate-800'
              }
            >
              {STATUS_LABELS[user.status]}
            </span>
          </td>
          <td className="px-3 py-2">{signInText(user)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{user.portfolio_count}</td>
          <td className="px-3 py-2 text-right">
            <UserMenu user={user} onChoose={props.onChoose} onResend={props.onResend} />
          </td>
        </tr>
      ))}
    </TableFrame>
  );
}

/** The firm's users: search, export, invite, and each user's role, status, e-mail and portfolios. */
export function UsersSection({ firmId }: { firmId: string }) {
  const users = useFirmUsers(firmId);
  const resend = useResendInvitation(firmId);
  const [search, setSearch] = useState('');
  const [isInviting, setInviting] = useState(false);
  const [chosen, setChosen] = useState<ChosenAction | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const all = users.data;
  const rows = useMemo(() => sortUsers(filterUsers(all ?? [], search)), [all, search]);

  const resendTo = (user: FirmUser) =>
    resend.mutate(user, {
      onSuccess: () => notify({ text: `Invitation sent again to ${user.email}`, theme: 'success' }),
      onError: (error) => notify({ text: errorMessage(error), theme: 'error' }),
    });

  return (
    <section aria-labelledby="users-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="users-heading"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-bold text-navy-800"
        >
          Users
        </h2>
        <Button onClick={() => setInviting(true)}>Invite a user</Button>
      </div>
      <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <Field label="Search by name, e-mail or role">
          {(control) => (
            <input
              {...control}
              type="search"
              autoComplete="off"
              spellCheck={false}
              className={`${inputClass} h-10 w-72 max-w-full`}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
        </Field>
        <div className="ml-auto flex items-center gap-4">
          <p role="status" className="text-sm text-slate-700">
            {all &&
              (rows.length === all.length
                ? `${all.length} ${all.length === 1 ? 'user' : 'users'}`
                : `Showing ${rows.length} of ${all.length} users`)}
          </p>
          <Button
            variant="secondary"
            className="h-10"
            disabled={rows.length === 0}
            onClick={() =>
              downloadCsv(csvFileName('users', new Date()), toCsv(USER_CSV_COLUMNS, rows))
            }
          >
            Export CSV
          </Button>
        </div>
      </div>
      {users.isPending && <LoadingBlock label="Loading the users" rows={4} />}
      {users.isError && (
        <LoadFailure what="The users" error={users.error} onRetry={() => void users.refetch()} />
      )}
      {all && rows.length === 0 && (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-sm text-slate-700">
          No user matches “{search}”.
        </p>
      )}
      {rows.length > 0 && <UserTable users={rows} onChoose={setChosen} onResend={resendTo} />}
      <InviteUserDialog
        firmId={firmId}
        open={isInviting}
        onClose={() => setInviting(false)}
        returnFocus={() => heading.current}
      />
      <UserActionDialog
        firmId={firmId}
        chosen={chosen}
        users={all ?? []}
        onClose={() => setChosen(null)}
        returnFocus={() => heading.current}
      />
    </section>
  );
}
