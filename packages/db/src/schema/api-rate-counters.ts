import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns.ts';

/**
 * The api's per-person call counts on its costly routes, one fixed window a row, in the
 * database so that every server of one database counts the same calls (decision 033).
 */
export const apiRateCounters = pgTable('api_rate_counters', {
  /** The route and the person: `POST /simulate-portfolio:<advisor id>`. */
  key: text('key').primaryKey(),
  windowStart: timestampTz('window_start').notNull(),
  count: integer('count').notNull(),
});
