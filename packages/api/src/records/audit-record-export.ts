import type { Db } from '@ballast/db';
import { appendAuditEvent } from '../administration/audit-trail.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { DayRange } from './day-range.ts';

/** What an administrator took away: one of the firm's logs over a range of days, or everything. */
export type RecordExport =
  | { records: 'action_transitions' | 'ledger_entries'; range: DayRange }
  | { records: 'all' };

const SUBJECTS = {
  action_transitions: 'Request transitions',
  ledger_entries: 'Ledger of every portfolio',
  all: 'All of the firm’s records',
};

/**
 * Writes the export to the firm's audit trail (decision 027) before any of it is sent, so a
 * download that breaks off is on the trail too.
 */
export async function auditRecordExport(
  db: Db,
  caller: Caller,
  exported: RecordExport,
): Promise<void> {
  const range = 'range' in exported ? exported.range : undefined;
  await db.transaction((tx) =>
    appendAuditEvent(tx, {
      firmId: caller.firmId,
      kind: 'RECORDS_EXPORTED',
      actorAdvisorId: caller.advisorId,
      subject: range
        ? `${SUBJECTS[exported.records]}, ${range.from} to ${range.to}`
        : SUBJECTS[exported.records],
      before: null,
      after: { records: exported.records, ...(range ?? {}) },
    }),
  );
}
