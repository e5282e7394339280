/**
 * What an open portfolio holds and how it came to hold it: the book (lots and cash after the last
 * day valued), the append-only ledger of every trade, income and flow, and the record of
 * valuations that failed. Positions are what the ledger adds up to; the book keeps that sum so a
 * day's valuation starts from one row (decision 024).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { strategyVersions } from './accounts.ts';
import { actions } from './actions.ts';
import { timestampTz, units, usd } from './columns.ts';
import { firms } from './firms.ts';
import { portfolioOwnedColumns } from './portfolio-owned-columns.ts';
import { portfolios } from './portfolios.ts';

/** A lot as the book stores it: the engine's, money in cents, days as YYYY-MM-DD. */
export type StoredLot = {
  instrument: string;
  quantity: number;
  costCents: number;
  feeCents: number;
  washAdjustmentCents: number;
  acquired: string;
  bought: string;
  staked?: boolean;
};

export type StoredLossSale = {
  instrument: string;
  day: string;
  lossCents: number;
  quantity: number;
  acquired: string;
};

/** Losses of earlier sales that a purchase washed (26 U.S.C. §1091), in cents. */
export type StoredWashedLoss = { instrument: string; soldOn: string; disallowedCents: number };

export const portfolioBooks = pgTable(
  'portfolio_books',
  {
    ...portfolioOwnedColumns(),
    cash: usd('cash').notNull().default('0'),
    lots: jsonb('lots').$type<StoredLot[]>().notNull().default(sql`'[]'::jsonb`),
    recentLossSales: jsonb('recent_loss_sales')
      .$type<StoredLossSale[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Gains realised by rebalancing since the account opened, against the tax budget. */
    realizedGains: usd('realized_gains').notNull().default('0'),
    /** The last business day valued; null until the first. */
    valuedThrough: date('valued_through', { mode: 'string' }),
    /** The strategy the positions were bought for; another current strategy means a change. */
    strategyVersionId: uuid('strategy_version_id').references(() => strategyVersions.id),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('portfolio_books_portfolio_idx').on(table.portfolioId)],
);

/**
 * One trade, income, fee or flow. Rows are only ever added (a trigger refuses updates and
 * deletes); a day's rows are numbered from 0, so a day is written once.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    /** CUSIP or token symbol; null for cash. */
    instrument: text('instrument'),
    quantity: units('quantity').notNull().default('0'),
    cash: usd('cash').notNull(),
    income: usd('income').notNull().default('0'),
    fee: usd('fee').notNull().default('0'),
    /** The completed EXECUTE-DEPOSIT / EXECUTE-WITHDRAWAL or OPEN-ACCOUNT behind a flow. */
    actionId: uuid('action_id').references(() => actions.id, { onDelete: 'set null' }),
    /** What a sale or redemption realised from one lot (Form 8949's columns). */
    acquiredOn: date('acquired_on', { mode: 'string' }),
    costBasis: usd('cost_basis'),
    proceeds: usd('proceeds'),
    gainLoss: usd('gain_loss'),
    term: text('term').$type<'SHORT' | 'LONG'>(),
    washSaleDisallowed: usd('wash_sale_disallowed'),
    /**
     * On a purchase: losses of earlier sales it washed, added to its basis. The sales' own rows
     * stay as written; the tax report reads the adjustment from here.
     */
    washedLosses: jsonb('washed_losses').$type<StoredWashedLoss[]>(),
  },
  (table) => [
    uniqueIndex('ledger_entries_portfolio_day_idx').on(
      table.portfolioId,
      table.entryDate,
      table.seq,
    ),
  ],
);

/** A portfolio-day the job could not value after its retries, and why (the dead letters). */
export const valuationFailures = pgTable(
  'valuation_failures',
  {
    ...portfolioOwnedColumns(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    attempts: integer('attempts').notNull(),
    error: text('error').notNull(),
    failedAt: timestampTz('failed_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('valuation_failures_portfolio_day_idx').on(table.portfolioId, table.reportDate),
    index('valuation_failures_firm_idx').on(table.firmId, table.failedAt),
  ],
);
