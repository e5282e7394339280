import {
  ADVISOR_ROLES,
  ADVISOR_STATUSES,
  type AuditEvent,
  type AuditEventKind,
} from '@ballast/contract';
import type { CsvColumn } from '../../lib/csv.ts';
import { MISSING } from '../../lib/format.ts';
import { ROLE_LABELS, STATUS_LABELS } from './user-fields.ts';

export const AUDIT_KIND_LABELS: Record<AuditEventKind, string> = {
  FIRM_CREATED: 'Firm created',
  USER_INVITED: 'User invited',
  USER_INVITATION_RESENT: 'Invitation sent again',
  USER_CHANGED: 'User changed',
  PORTFOLIOS_REASSIGNED: 'Portfolios reassigned',
  FIRM_CHANGED: 'Firm profile changed',
  LOGO_CHANGED: 'Logo changed',
  LOGO_REMOVED: 'Logo removed',
  CUSTODIAN_CHANGED: 'Custodian changed',
  SIGN_IN_POLICY_CHANGED: 'Sign-in policy changed',
  STRATEGY_ADDED: 'Strategy added to the catalogue',
  STRATEGY_CHANGED: 'Catalogue strategy changed',
  RECORDS_EXPORTED: 'Records exported',
};

/** Who made the change; the first run has no user behind it, only the installing engineer. */
export function actorText(event: AuditEvent): string {
  if (!event.actor) return 'First-run command';
  const name = `${event.actor.first_name} ${event.actor.last_name}`.trim();
  return name ? `${name} (${event.actor.email})` : event.actor.email;
}

/** A field's name as a heading: `support_phone` → "Support phone". */
function fieldLabel(field: string): string {
  const words = field.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const CUSTODIAN_STATUS_LABELS: Record<string, string> = { A: 'Active', I: 'Inactive' };

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** One value as a person reads it: role and status codes by their names, nothing as a dash. */
function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return MISSING;
  if (typeof value === 'string') {
    if (field === 'role' && isOneOf(ADVISOR_ROLES, value)) return ROLE_LABELS[value];
    if (field === 'status' && isOneOf(ADVISOR_STATUSES, value)) return STATUS_LABELS[value];
    if (field === 'status') return CUSTODIAN_STATUS_LABELS[value] ?? value;
    return value;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.length > 0 ? value.join(', ') : MISSING;
  }
  return JSON.stringify(value);
}

export type FieldChange = {
  field: string;
  /** The value on each side, or null where that side does not record the field. */
  before: string | null;
  after: string | null;
  /** The change took the whole record away (a logo removed), not just this field. */
  isRemoval: boolean;
};

/** How the api names a few fields, as a person would. */
const FIELD_LABELS: Record<string, string> = { bytes: 'Size' };

/** One field's side: absent, or its value as read (a size in kB). */
function sideText(field: string, record: Record<string, unknown> | null): string | null {
  if (!record || !Object.hasOwn(record, field)) return null;
  const value = record[field];
  if (field === 'bytes' && typeof value === 'number') {
    return `${(value / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} kB`;
  }
  return valueText(field, value);
}

/**
 * The fields an event records, in the order they first appear, each with its value before and
 * after where that side records it. Fields whose value did not change are left out.
 */
export function fieldChanges(event: Pick<AuditEvent, 'before' | 'after'>): FieldChange[] {
  const fields = [
    ...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})]),
  ];
  return fields.flatMap((field) => {
    const before = sideText(field, event.before);
    const after = sideText(field, event.after);
    if (before === after) return [];
    const label = FIELD_LABELS[field] ?? fieldLabel(field);
    return [{ field: label, before, after, isRemoval: event.after === null }];
  });
}

/**
 * What became of one field: "Advisor → Manager"; a value one side alone records ("Acme" when
 * set, or how many portfolios there were); "image/png (removed)".
 */
export function changeText({ before, after, isRemoval }: FieldChange): string {
  if (before !== null && after !== null) return `${before} → ${after}`;
  if (before !== null) return isRemoval ? `${before} (removed)` : before;
  return after ?? MISSING;
}

/** "Role: Advisor → Manager", one line per field. */
export function changeLines(event: Pick<AuditEvent, 'before' | 'after'>): string[] {
  return fieldChanges(event).map((change) => `${change.field}: ${changeText(change)}`);
}

export const AUDIT_CSV_COLUMNS: CsvColumn<AuditEvent>[] = [
  // The exact moment, in UTC, so the file sorts and compares the same for every reader.
  { header: 'When (UTC)', value: (event) => event.at },
  { header: 'Who', value: actorText },
  { header: 'What', value: (event) => AUDIT_KIND_LABELS[event.kind] },
  { header: 'Subject', value: (event) => event.subject },
  { header: 'Change', value: (event) => changeLines(event).join('; ') },
];
