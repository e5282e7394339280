import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns.ts';
import { firmOwnedColumns } from './firm-owned-columns.ts';

/**
 * Strategy styles (B, D, A, F) and the build form of each. They are product definitions shared
 * by every firm; the api writes its defaults on start, so an upgrade brings new options.
 */
export const strategyStyles = pgTable('strategy_styles', {
  name: text('name').primaryKey(),
  position: integer('position').notNull(),
  summary: text('summary').notNull(),
  description: text('description').notNull(),
  /** The product §3 form options of the style, without the default simulation results. */
  formOptions: jsonb('form_options').notNull(),
  /** The strategy the form starts from, whose simulation is the default result. */
  defaultStrategy: jsonb('default_strategy').notNull(),
});

/** The strategies a firm offers its advisors (product §3 strategy catalogue). */
export const strategyCatalogue = pgTable(
  'strategy_catalogue',
  {
    ...firmOwnedColumns(),
    name: text('name').notNull(),
    status: text('status').notNull().default('A'),
    product: text('product').notNull(),
    description: text('description').notNull(),
    strategyStyle: text('strategy_style').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [index('strategy_catalogue_firm_idx').on(table.firmId, table.status)],
);
