import { sql } from 'drizzle-orm';
import { uuid } from 'drizzle-orm/pg-core';
import { firms } from './firms.ts';

/**
 * The columns a firm's own rows start with: a generated key, and the firm every query is scoped
 * by. A function, so each table gets column builders of its own.
 */
export function firmOwnedColumns() {
  return {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
  };
}
