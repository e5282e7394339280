import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns.ts';
import { firms } from './firms.ts';

/**
 * A simulation or comparer run, keyed by the content hash of its canonical request. The same
 * request is stored once per firm and its result served again; the engine's workers move it
 * from QUEUED through RUNNING to DONE (with `result`) or FAILED (with `failure`, a reason for
 * the advisor).
 */
export const simulationRuns = pgTable(
  'simulation_runs',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    hash: text('hash').notNull(),
    kind: text('kind').$type<'SIMULATION' | 'COMPARER'>().notNull(),
    timeWindow: text('time_window'),
    request: jsonb('request').notNull(),
    status: text('status').$type<'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED'>().notNull(),
    result: jsonb('result'),
    failure: text('failure'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    /** When a process took the run; a RUNNING run claimed long ago is taken again (a lease). */
    claimedAt: timestampTz('claimed_at'),
    completedAt: timestampTz('completed_at'),
  },
  (table) => [
    primaryKey({ columns: [table.firmId, table.hash] }),
    index('simulation_runs_status_idx').on(table.status, table.createdAt),
  ],
);
