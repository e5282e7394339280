import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { advisors } from './advisors.ts';
import { timestampTz } from './columns.ts';
import { portfolioOwnedColumns } from './portfolio-owned-columns.ts';

/**
 * Product §3 Action: an advisor's request or operations' child action. Its state is moved only
 * through the api's transition table; every move is also written to `action_transitions`.
 */
export const actions = pgTable(
  'actions',
  {
    ...portfolioOwnedColumns(),
    createdByAdvisorId: uuid('created_by_advisor_id').references(() => advisors.id),
    parentActionId: uuid('parent_action_id').references((): AnyPgColumn => actions.id),
    actionType: text('action_type').notNull(),
    state: text('state').notNull(),
    actionPayload: jsonb('action_payload').notNull(),
    needsActionPayload: jsonb('needs_action_payload'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    lastUpdatedAt: timestampTz('last_updated_at').notNull().defaultNow(),
    /**
     * The `Idempotency-Key` the advisor's request came with (decision 029): a retry with the same
     * key answers this action instead of making another.
     */
    idempotencyKey: text('idempotency_key'),
  },
  (table) => [
    index('actions_portfolio_state_idx').on(table.portfolioId, table.state),
    index('actions_firm_state_idx').on(table.firmId, table.state),
    uniqueIndex('actions_idempotency_key_idx')
      .on(table.createdByAdvisorId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
  ],
);

/**
 * Append-only audit log (docs/architecture.md "Action states"): who moved which action from what to
 * what, and when.
 */
export const actionTransitions = pgTable(
  'action_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actionId: uuid('action_id')
      .notNull()
      .references(() => actions.id, { onDelete: 'cascade' }),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    actorAdvisorId: uuid('actor_advisor_id')
      .notNull()
      .references(() => advisors.id),
    at: timestampTz('at').notNull().defaultNow(),
    payloadHash: text('payload_hash').notNull(),
  },
  (table) => [
    index('action_transitions_action_idx').on(table.actionId),
    // The firm's records are exported by time, a page after a given (at, id) at a time.
    index('action_transitions_at_idx').on(table.at, table.id),
  ],
);
