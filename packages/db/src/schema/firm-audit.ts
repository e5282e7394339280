import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { advisors } from './advisors.ts';
import { timestampTz } from './columns.ts';
import { firmOwnedColumns } from './firm-owned-columns.ts';

/**
 * The firm's audit trail (decision 022): every administrative change, appended in the same
 * transaction as the change. Rows are never updated or deleted.
 */
export const firmAuditEvents = pgTable(
  'firm_audit_events',
  {
    ...firmOwnedColumns(),
    at: timestampTz('at').notNull().defaultNow(),
    kind: text('kind').notNull(),
    /** Null when the installing engineer's first-run command made the change. */
    actorAdvisorId: uuid('actor_advisor_id').references(() => advisors.id),
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [index('firm_audit_events_firm_at_idx').on(table.firmId, table.at)],
);
