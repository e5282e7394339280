import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestampTz, units, usd } from './columns.ts';
import { portfolioOwnedColumns } from './portfolio-owned-columns.ts';

const figure = (name: string) => doublePrecision(name);

/**
 * One day's valuation of a portfolio (product §3 holding report). The daily series (nav, deposits
 * and withdrawals, realized gains and losses) are read from these rows, one per portfolio and day.
 * Analytics are float64 and null where they do not apply (yields of a token portfolio).
 */
export const holdingReports = pgTable(
  'holding_reports',
  {
    ...portfolioOwnedColumns(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    nav: usd('nav').notNull(),
    ytw: figure('ytw'),
    duration: figure('duration'),
    annualTaxLoss: figure('annual_tax_loss'),
    tey: figure('tey'),
    percentPortfolioAnalyzed: figure('percent_portfolio_analyzed'),
    averageRating: text('average_rating'),
    taxLossHarvested: figure('tax_loss_harvested'),
    taxLossValue: figure('tax_loss_value'),
    currentLossHarvestedPct: figure('current_loss_harvested_pct'),
    /** Period -> {usd, pct}: 1d, 1m, 3m, 6m, 3y, ytd, 1y, total; a period too long is absent. */
    returns: jsonb('returns').$type<Record<string, { usd: number; pct: number }>>().notNull(),
    /** The benchmark's returns over the same periods, in percent. */
    benchmarkReturns: jsonb('benchmark_returns').$type<Record<string, number>>(),
    depositUsd: usd('report_date_deposit_usd').notNull().default('0'),
    withdrawUsd: usd('report_date_withdraw_usd').notNull().default('0'),
    realizedGain: usd('report_date_realized_gain').notNull().default('0'),
    realizedLoss: usd('report_date_realized_loss').notNull().default('0'),
    numberOfHoldings: integer('number_of_holdings').notNull(),
    /**
     * The day's figures behind its return, which a period's bridge sums (decision 024): cash
     * and accrued interest within nav, value less cost before fees of what is held, and what the
     * day brought in income, fees and price change realised by sales and redemptions.
     */
    cash: usd('cash'),
    accruedInterest: usd('accrued_interest'),
    unrealized: usd('unrealized'),
    income: usd('income'),
    fees: usd('fees'),
    realizedPriceChange: usd('realized_price_change'),
    harvestedLoss: usd('harvested_loss'),
    /** Deposits less withdrawals since inception: a period's dollar return is its change in nav less this one's. */
    netFlowsToDate: usd('net_flows_to_date'),
    /** The day's time-weighted return, and the product of (1 + return) since inception. */
    dailyReturn: figure('daily_return'),
    growthIndex: figure('growth_index'),
    /** What do-not-trade stopped that day, in words. */
    dntBlocked: jsonb('dnt_blocked').$type<string[]>(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('holding_reports_portfolio_date_idx').on(table.portfolioId, table.reportDate),
  ],
);

/** One position of a holding report (product §3 asset line). */
export const assetLines = pgTable(
  'asset_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => holdingReports.id, { onDelete: 'cascade' }),
    /** Order within the report, as the custodian listed it. */
    position: integer('position').notNull(),
    assetClass: text('asset_class').notNull(),
    costBasis: usd('cost_basis').notNull(),
    currentValueUsd: usd('current_value_usd').notNull(),
    cusip: text('cusip'),
    description: text('description').notNull(),
    duration: figure('duration'),
    lastPriceUsd: figure('last_price_usd').notNull(),
    percentAccount: figure('percent_account').notNull(),
    quantity: units('quantity').notNull(),
    totalGainLossUsd: usd('total_gain_loss_usd').notNull(),
    ytw: figure('ytw'),
    inStateFlag: boolean('in_state_flag').notNull().default(false),
  },
  (table) => [index('asset_lines_report_idx').on(table.reportId, table.position)],
);
