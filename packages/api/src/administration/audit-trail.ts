import type { AuditEventKind } from '@ballast/contract';
import { schema } from '@ballast/db';
import type { Tx } from '../accounts/current-account.ts';

/** A record's fields before or after a change; never client personal data or file bytes. */
export type AuditValues = Record<string, unknown>;

export type AuditEntry = {
  firmId: string;
  kind: AuditEventKind;
  /** The advisor who made the change; null for the first-run command. */
  actorAdvisorId: string | null;
  /** What changed, in words: a user's e-mail, a custodian's name, the firm's name. */
  subject: string;
  before: AuditValues | null;
  after: AuditValues | null;
};

/**
 * Appends one change to the firm's audit trail (decision 022). Called inside the transaction
 * that makes the change, so the trail holds exactly the changes that happened.
 */
export async function appendAuditEvent(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(schema.firmAuditEvents).values(entry);
}

/** The fields whose values differ between two versions of a record, each side's own values. */
export function changedFields(
  before: AuditValues,
  after: AuditValues,
): { before: AuditValues; after: AuditValues } {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}
