import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * The strategies a firm offers its advisors (product §3 strategy catalogue), each with the
 * strategy it stands for; at most one per style is the default a new account starts from.
 */
export const strategyCatalogue = pgTable(
  'strategy_catalogue',
  {
    ...firmOwnedColumns(),
    name: text('name').notNull(),
    status: text('status').notNull().default('A'),
    product: text('product').notNull(),
    description: text('description').notNull(),
    strategyStyle: text('strategy_style').notNull(),
    /** The StrategyInput (style, strategy, tax data) as Build made it. */
    strategy: jsonb('strategy').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('strategy_catalogue_firm_idx').on(table.firmId, table.status),
    uniqueIndex('strategy_catalogue_firm_name_idx').on(table.firmId, table.name),
    uniqueIndex('strategy_catalogue_default_idx')
      .on(table.firmId, table.strategyStyle)
      .where(sql`${table.isDefault}`),
  ],
);
