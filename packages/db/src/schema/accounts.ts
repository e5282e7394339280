/**
 * What an open account currently is: its client data, custodian accounts, strategy and token
 * lots. Each change made by a completed action adds a version, so the history of a portfolio
 * stays readable; the current one is the newest.
 */
import { date, index, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { actions } from './actions.ts';
import { timestampTz } from './columns.ts';
import { portfolioOwnedColumns } from './portfolio-owned-columns.ts';

/**
 * Client data with its owners. Owners carry tax ids and dates of birth, and every other field of
 * theirs is personal too, so the whole document is sealed by the api (decision 009).
 */
export const clientDataVersions = pgTable(
  'client_data_versions',
  {
    ...portfolioOwnedColumns(),
    /** The action whose completion made this version; null for data loaded by a seed. */
    actionId: uuid('action_id').references(() => actions.id, { onDelete: 'set null' }),
    ciphertext: text('ciphertext').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [index('client_data_versions_portfolio_idx').on(table.portfolioId, table.createdAt)],
);

/** The accounts at the custodians; `closedAt` is set when a custodian change replaces one. */
export const custodianAccounts = pgTable(
  'custodian_accounts',
  {
    ...portfolioOwnedColumns(),
    custodianName: text('custodian_name').notNull(),
    accountNumber: text('account_number').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    closedAt: timestampTz('closed_at'),
  },
  (table) => [index('custodian_accounts_portfolio_idx').on(table.portfolioId)],
);

/** A strategy the portfolio followed from `createdAt`; `summary` is the list's one-line text. */
export const strategyVersions = pgTable(
  'strategy_versions',
  {
    ...portfolioOwnedColumns(),
    actionId: uuid('action_id').references(() => actions.id, { onDelete: 'set null' }),
    style: text('style').notNull(),
    strategy: jsonb('strategy').notNull(),
    summary: text('summary').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [index('strategy_versions_portfolio_idx').on(table.portfolioId, table.createdAt)],
);

/** Token lots held at the custodian (POST /portfolios/holdings replaces a portfolio's set). */
export const tokenLots = pgTable(
  'token_lots',
  {
    ...portfolioOwnedColumns(),
    coin: text('coin').notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    costBasis: numeric('cost_basis', { precision: 20, scale: 2 }).notNull(),
    dateAcquired: date('date_acquired', { mode: 'string' }).notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [index('token_lots_portfolio_idx').on(table.portfolioId)],
);

/**
 * Money that moved in or out when operations completed an EXECUTE-DEPOSIT or EXECUTE-WITHDRAWAL,
 * and the initial investment of an opened account; the daily valuation moves it into the book on
 * the first business day it values after the money moved.
 */
export const cashMovements = pgTable(
  'cash_movements',
  {
    ...portfolioOwnedColumns(),
    actionId: uuid('action_id')
      .notNull()
      .unique()
      .references(() => actions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'DEPOSIT' | 'WITHDRAWAL'>().notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    /** The business day the valuation moved it into the book; null until then. */
    valuedOn: date('valued_on', { mode: 'string' }),
  },
  (table) => [index('cash_movements_portfolio_idx').on(table.portfolioId, table.occurredOn)],
);
