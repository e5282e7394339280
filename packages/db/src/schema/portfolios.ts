import { date, index, jsonb, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { advisors } from './advisors.ts';
import { timestampTz } from './columns.ts';
import { firmOwnedColumns } from './firm-owned-columns.ts';

/**
 * A client account. Status is kept here and moved by the action workflow (docs/architecture.md
 * "Portfolio status": INCOMPLETE until the application is submitted). `current_nav` is the latest
 * holding report's value, kept on the row so the list's AUM figures are one aggregate query. The
 * current-report and current-strategy ids carry no foreign key: those rows point back here, and a
 * cycle of constraints would make deleting a portfolio order-dependent.
 */
export const portfolios = pgTable(
  'portfolios',
  {
    ...firmOwnedColumns(),
    status: text('status').notNull().default('INCOMPLETE'),
    clientName: text('client_name').notNull().default(''),
    originatingAdvisorId: uuid('originating_advisor_id')
      .notNull()
      .references(() => advisors.id),
    inceptionDate: date('inception_date', { mode: 'string' }),
    userDnt: text('user_dnt'),
    currentNav: numeric('current_nav', { precision: 20, scale: 2 }),
    // The newest holding report and strategy version, so the list joins one row of each.
    currentHoldingReportId: uuid('current_holding_report_id'),
    currentStrategyVersionId: uuid('current_strategy_version_id'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('portfolios_firm_status_idx').on(table.firmId, table.status),
    index('portfolios_firm_created_idx').on(table.firmId, table.createdAt),
  ],
);

export const portfolioAdvisors = pgTable(
  'portfolio_advisors',
  {
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    advisorId: uuid('advisor_id')
      .notNull()
      .references(() => advisors.id),
  },
  (table) => [
    primaryKey({ columns: [table.portfolioId, table.advisorId] }),
    index('portfolio_advisors_advisor_idx').on(table.advisorId),
  ],
);

/**
 * What onboarding has gathered. Client data holds owners' tax ids and dates of birth, so it is
 * stored only as ciphertext sealed by the api with the configured key.
 */
export const onboardingApplications = pgTable('onboarding_applications', {
  portfolioId: uuid('portfolio_id')
    .primaryKey()
    .references(() => portfolios.id, { onDelete: 'cascade' }),
  clientInputCiphertext: text('client_input_ciphertext'),
  strategyInput: jsonb('strategy_input'),
  custodianInput: jsonb('custodian_input').notNull().default([]),
  kycInput: jsonb('kyc_input').notNull().default([]),
  suitability: jsonb('suitability'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  lastUpdatedAt: timestampTz('last_updated_at').notNull().defaultNow(),
});
