import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, timestampTz } from './columns.ts';

/** The tenant: every row that belongs to a firm carries its id, and every query is scoped by it. */
export const firms = pgTable('firms', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  logo: bytea('logo'),
  logoContentType: text('logo_content_type'),
  /** Shown in the support modal; empty means the installation's own contacts apply. */
  supportPhone: text('support_phone').notNull().default(''),
  supportEmail: text('support_email').notNull().default(''),
  /** The firm's sign-in policy (decision 023); null until its administrator sets one. */
  signInPolicy: jsonb('sign_in_policy'),
  /**
   * Moves whenever anything the portfolio list shows changes (portfolios, their advisors, the
   * advisors' names); kept by triggers (migration 0008), so a cached list can be checked cheaply.
   */
  listVersion: bigint('list_version', { mode: 'number' }).notNull().default(0),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});
