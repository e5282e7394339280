import type { AdvisorRole, AdvisorStatus, FirmUser } from '@ballast/contract';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatDate } from '../../lib/format.ts';

export const ROLE_LABELS: Record<AdvisorRole, string> = {
  ADMINISTRATOR: 'Administrator',
  CIO: 'CIO',
  OPERATIONS: 'Operations',
  MANAGER: 'Manager',
  ADVISOR: 'Advisor',
};

export const STATUS_LABELS: Record<AdvisorStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
};

export function fullName(user: Pick<FirmUser, 'first_name' | 'last_name' | 'email'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** Whether the person has ever signed in, as the table and the CSV say it. */
export function signInText(user: FirmUser): string {
  return user.signed_in ? 'Signed in' : 'Invitation sent';
}

/** The users whose name, e-mail or role contains every word of `search`, in any case. */
export function filterUsers(users: readonly FirmUser[], search: string): FirmUser[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...users];
  return users.filter((user) => {
    const text = `${fullName(user)} ${user.email} ${ROLE_LABELS[user.role]}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** By last name, then first name, so a firm's list reads as a directory does. */
export function sortUsers(users: readonly FirmUser[]): FirmUser[] {
  return [...users].sort(
    (a, b) =>
      a.last_name.localeCompare(b.last_name, 'en-US') ||
      a.first_name.localeCompare(b.first_name, 'en-US') ||
      a.email.localeCompare(b.email, 'en-US'),
  );
}

export const USER_CSV_COLUMNS: CsvColumn<FirmUser>[] = [
  { header: 'First name', value: (user) => user.first_name },
  { header: 'Last name', value: (user) => user.last_name },
  { header: 'E-mail', value: (user) => user.email },
  { header: 'Role', value: (user) => ROLE_LABELS[user.role] },
  { header: 'Status', value: (user) => STATUS_LABELS[user.status] },
  { header: 'Sign-in', value: signInText },
  { header: 'Portfolios', value: (user) => user.portfolio_count },
  { header: 'Added', value: (user) => formatDate(user.created_at) },
];

/** `users-2026-11-26.csv`: what the file holds, dated by the reader's day of the export. */
export function csvFileName(what: string, now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${what}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
