import { sql } from 'drizzle-orm';
import { customType, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** The tenant: every row that belongs to a firm carries its id, and every query is scoped by it. */
export const firms = pgTable('firms', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  logo: bytea('logo'),
  logoContentType: text('logo_content_type'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
