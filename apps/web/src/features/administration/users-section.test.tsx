import {
  changeFirmUser,
  EMAIL_IN_USE,
  FIRST_NAME_REQUIRED,
  type FirmUser,
  INVALID_EMAIL,
  inviteFirmUser,
  LAST_ADMINISTRATOR,
  listFirmUsers,
  reassignPortfolios,
  resendFirmUserInvitation,
} from '@ballast/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFirmUser, renderAdministration } from './administration.fixture.tsx';
import { answer, callsOf, refusal, resetFakeApi } from './fake-api.fixture.ts';

const toasts = vi.hoisted(() => ({ texts: [] as string[], files: [] as Blob[] }));

vi.mock('../../lib/session-context.tsx', () => import('./fake-api.fixture.ts'));
vi.mock('../../components/toast/notify.tsx', () => ({
  notify: (options: { text: string }) => toasts.texts.push(options.text),
}));
vi.mock('../../lib/save-file.ts', () => ({
  saveFile: (_name: string, blob: Blob) => toasts.files.push(blob),
}));

let users: FirmUser[];

function row(name: string): HTMLElement {
  const header = screen.getByRole('rowheader', { name });
  const found = header.closest('tr');
  if (!found) throw new Error(`no row for ${name}`);
  return found;
}

async function openMenuItem(
  user: ReturnType<typeof renderAdministration>,
  name: string,
  item: string,
) {
  await user.click(await screen.findByRole('button', { name: `Manage ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return screen.getByRole('dialog');
}

describe('the users section', () => {
  beforeEach(() => {
    resetFakeApi();
    toasts.texts = [];
    toasts.files = [];
    users = [
      makeFirmUser({ first_name: 'Ada', last_name: 'Lovelace', role: 'ADMINISTRATOR' }),
      makeFirmUser({
        first_name: 'Alan',
        last_name: 'Turing',
        email: 'alan@firm.test',
        signed_in: false,
        portfolio_count: 3,
      }),
      makeFirmUser({ first_name: 'Joan', last_name: 'Clarke', status: 'INACTIVE' }),
      makeFirmUser({ first_name: 'Ops', last_name: 'Person', role: 'OPERATIONS' }),
    ];
    answer(listFirmUsers, () => users);
  });
  afterEach(cleanup);

  it('lists each user with role, status, sign-in and portfolios, and searches them', async () => {
    const user = renderAdministration('/admin/users');
    await screen.findByRole('rowheader', { name: 'Alan Turing' });
    const alan = row('Alan Turing');
    expect(alan.textContent).toContain('alan@firm.test');
    expect(alan.textContent).toContain('Advisor');
    expect(alan.textContent).toContain('Invitation sent');
    expect(alan.textContent).toContain('3');
    expect(row('Joan Clarke').textContent).toContain('Inactive');
    expect(row('Ada Lovelace').textContent).toContain('Signed in');
    expect(screen.getByRole('status').textContent).toBe('4 users');

    await user.type(screen.getByLabelText('Search by name, e-mail or role'), 'administrator');
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Ada Lovelace',
    ]);
    expect(screen.getByRole('status').textContent).toBe('Showing 1 of 4 users');
  });

  it('exports what the search shows, and only that', async () => {
    const user = renderAdministration('/admin/users');
    await screen.findByRole('rowheader', { name: 'Alan Turing' });
    await user.type(screen.getByLabelText('Search by name, e-mail or role'), 'alan');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const [file] = toasts.files;
    if (!file) throw new Error('nothing was exported');
    const lines = (await file.text()).split('\r\n');
    expect(lines).toEqual([
      'First name,Last name,E-mail,Role,Status,Sign-in,Portfolios,Added',
      'Alan,Turing,alan@firm.test,Advisor,Active,Invitation sent,3,"Nov 1, 2026"',
    ]);
  });

  it('checks an invitation before sending it, shows the api’s refusal at its field, and says when it is sent', async () => {
    let refuse = true;
    answer(inviteFirmUser, ({ body }) => {
      if (refuse) throw refusal(400, EMAIL_IN_USE, { attr: 'email' });
      return makeFirmUser({ ...(body as Partial<FirmUser>), signed_in: false });
    });
    const user = renderAdministration('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Invite a user' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a user' });
    await user.type(within(dialog).getByLabelText('E-mail'), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText(INVALID_EMAIL)).toBeTruthy();
    expect(within(dialog).getByText(FIRST_NAME_REQUIRED)).toBeTruthy();
    expect(callsOf(inviteFirmUser)).toEqual([]);

    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('E-mail'), 'new.person@firm.test');
    await user.type(within(dialog).getByLabelText('First name'), 'New');
    await user.type(within(dialog).getByLabelText('Last name'), 'Person');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Manager');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const email = within(dialog).getByLabelText('E-mail');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(EMAIL_IN_USE)).toBeTruthy();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(inviteFirmUser).at(-1)?.body).toEqual({
      email: 'new.person@firm.test',
      first_name: 'New',
      last_name: 'Person',
      role: 'MANAGER',
    });
    expect(toasts.texts).toEqual(['Invitation sent to new.person@firm.test']);
  });

  it('changes a role, sending only the role', async () => {
    answer(changeFirmUser, ({ body }) => ({ ...users[1], ...(body as object) }));
    const user = renderAdministration('/admin/users');
    const dialog = await openMenuItem(user, 'Alan Turing', 'Change role…');
    const submit = within(dialog).getByRole('button', { name: 'Change role' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'CIO');
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(changeFirmUser)).toEqual([
      { params: { id: expect.any(String), advisor_id: users[1]?.advisor }, body: { role: 'CIO' } },
    ]);
    expect(toasts.texts).toEqual(['Alan Turing is now CIO.']);
  });

  it('says sessions end at once before deactivating, and shows the last-administrator refusal', async () => {
    answer(changeFirmUser, () => {
      throw refusal(409, LAST_ADMINISTRATOR, { code: 'request_conflict' });
    });
    const user = renderAdministration('/admin/users');
    const dialog = await openMenuItem(user, 'Ada Lovelace', 'Deactivate…');
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Deactivate Ada Lovelace?' })).toBe(dialog);
    expect(dialog.textContent).toContain('signed out everywhere at once');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(LAST_ADMINISTRATOR);
    expect(callsOf(changeFirmUser).at(-1)?.body).toEqual({ status: 'INACTIVE' });
    expect(toasts.texts).toEqual([]);
  });

  it('offers to reactivate an inactive user', async () => {
    answer(changeFirmUser, ({ body }) => ({ ...users[2], ...(body as object) }));
    const user = renderAdministration('/admin/users');
    const dialog = await openMenuItem(user, 'Joan Clarke', 'Reactivate…');
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(callsOf(changeFirmUser).at(-1)?.body).toEqual({ status: 'ACTIVE' }));
  });

  it('changes an e-mail after saying a new sign-in link goes to the new address', async () => {
    answer(changeFirmUser, ({ body }) => ({ ...users[1], ...(body as object) }));
    const user = renderAdministration('/admin/users');
    const dialog = await openMenuItem(user, 'Alan Turing', 'Change e-mail…');
    expect(dialog.textContent).toContain('new sign-in link at the new address');
    const field = within(dialog).getByLabelText('New e-mail');
    await user.clear(field);
    await user.type(field, 'alan.turing@firm.test');
    await user.click(within(dialog).getByRole('button', { name: 'Change e-mail' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(changeFirmUser).at(-1)?.body).toEqual({ email: 'alan.turing@firm.test' });
    expect(toasts.texts).toEqual(['A sign-in link was sent to alan.turing@firm.test.']);
  });

  it('resends an invitation only to someone who has not signed in', async () => {
    answer(resendFirmUserInvitation, () => undefined);
    const user = renderAdministration('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Manage Ada Lovelace' }));
    expect(screen.queryByRole('menuitem', { name: 'Resend invitation' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Manage Alan Turing' }));
    await user.click(screen.getByRole('menuitem', { name: 'Resend invitation' }));
    await waitFor(() => expect(toasts.texts).toEqual(['Invitation sent again to alan@firm.test']));
    expect(callsOf(resendFirmUserInvitation)[0]?.params?.advisor_id).toBe(users[1]?.advisor);
  });

  it('reassigns portfolios to an active advisor only, saying how many move', async () => {
    answer(reassignPortfolios, () => ({ moved: 3 }));
    const user = renderAdministration('/admin/users');
    const dialog = await openMenuItem(user, 'Alan Turing', 'Reassign portfolios…');
    expect(dialog.textContent).toContain('3 portfolios of Alan Turing will move');
    const options = within(within(dialog).getByLabelText('New advisor')).getAllByRole('option');
    // Not Alan himself, not the inactive Joan, not operations.
    expect(options.map((option) => option.textContent)).toEqual([
      'Choose an active advisor',
      'Ada Lovelace (Administrator)',
    ]);
    await user.selectOptions(
      within(dialog).getByLabelText('New advisor'),
      'Ada Lovelace (Administrator)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move 3 portfolios' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(reassignPortfolios)).toEqual([
      {
        params: { id: expect.any(String), advisor_id: users[1]?.advisor },
        body: { to_advisor: users[0]?.advisor },
      },
    ]);
    expect(toasts.texts).toEqual(['3 portfolios moved to Ada Lovelace.']);
  });
});
