/**
 * A valued day written in one statement (decision 024): the new book, the day's ledger rows, the
 * flows it took in, its holding report and asset lines, the previous day's lines pruned, the
 * day's recorded failure cleared, and the report made current. One statement is one transaction,
 * so a crash leaves the day written whole or not at all, and it is one round trip to the
 * database, of a statement each connection parses and plans once. Every part is conditional on
 * the book still being the version the day was valued from: a second worker that valued the
 * same day from the same book writes nothing.
 */
import {
  type Db,
  pgliteNamedStatement,
  type StoredLossSale,
  type StoredLot,
  schema,
} from '@ballast/db';
import { and, eq, fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  assetLineValues,
  type HoldingReportInput,
  holdingReportValues,
} from '../holdings/holding-report.ts';
import { preparedPerDatabase } from '../prepared.ts';
import { jsonRows } from './json-rows.ts';
import type { PortfolioRef } from './portfolio-day.ts';

const { holdingReports, ledgerEntries, assetLines } = schema;

export type LedgerRow = Omit<
  typeof ledgerEntries.$inferInsert,
  'id' | 'firmId' | 'portfolioId' | 'entryDate' | 'seq'
>;

export type ValuedDayRecord = {
  ref: PortfolioRef;
  date: string;
  /** The book's row version the day was valued from. */
  version: string;
  book: {
    cash: string;
    lots: StoredLot[];
    recentLossSales: StoredLossSale[];
    realizedGains: string;
    strategyVersionId: string;
  };
  ledger: readonly LedgerRow[];
  flowIds: readonly string[];
  report: HoldingReportInput;
  /** The report whose asset lines this day's report supersedes, if they are not kept. */
  pruneLinesOf: string | null;
  /** A report of the same day is there already and is replaced. */
  replacesReport: boolean;
};

const ledgerRows = jsonRows(ledgerEntries, [
  'firmId',
  'portfolioId',
  'entryDate',
  'seq',
  'kind',
  'reason',
  'instrument',
  'quantity',
  'cash',
  'income',
  'fee',
  'actionId',
  'acquiredOn',
  'costBasis',
  'proceeds',
  'gainLoss',
  'term',
  'washSaleDisallowed',
  'washedLosses',
]);

const reportRows = jsonRows(holdingReports, [
  'id',
  'firmId',
  'portfolioId',
  'reportDate',
  'nav',
  'ytw',
  'duration',
  'annualTaxLoss',
  'tey',
  'percentPortfolioAnalyzed',
  'averageRating',
  'taxLossHarvested',
  'taxLossValue',
  'currentLossHarvestedPct',
  'returns',
  'benchmarkReturns',
  'depositUsd',
  'withdrawUsd',
  'realizedGain',
  'realizedLoss',
  'numberOfHoldings',
  'cash',
  'accruedInterest',
  'unrealized',
  'income',
  'fees',
  'realizedPriceChange',
  'harvestedLoss',
  'netFlowsToDate',
  'dailyReturn',
  'growthIndex',
  'dntBlocked',
]);

const lineRows = jsonRows(assetLines, [
  'reportId',
  'position',
  'assetClass',
  'costBasis',
  'currentValueUsd',
  'cusip',
  'description',
  'duration',
  'lastPriceUsd',
  'percentAccount',
  'quantity',
  'totalGainLossUsd',
  'ytw',
  'inStateFlag',
]);

const value = (name: string) => sql.placeholder(name);

const WRITE_DAY = sql`with book as (
    update portfolio_books set
      cash = ${value('cash')}, lots = ${value('lots')}::jsonb,
      recent_loss_sales = ${value('recentLossSales')}::jsonb,
      realized_gains = ${value('realizedGains')}, valued_through = ${value('date')}::date,
      strategy_version_id = ${value('strategyVersionId')}::uuid, updated_at = now()
    where portfolio_id = ${value('portfolioId')}::uuid and firm_id = ${value('firmId')}::uuid
      and xmin = ${value('version')}::xid
    returning portfolio_id)
  , ledger as (${ledgerRows.insert(value('ledger'), sql`book`)})
  , report as (${reportRows.insert(value('report'), sql`book`)})
  , lines as (${lineRows.insert(value('lines'), sql`book`)})
  , flows as (
    update cash_movements m set valued_on = ${value('date')}::date from book
    where m.portfolio_id = book.portfolio_id
      and m.id = any(string_to_array(${value('flowIds')}, ',')::uuid[]))
  , pruned as (
    delete from asset_lines l using book where l.report_id = ${value('pruneLinesOf')}::uuid)
  , failures as (
    delete from valuation_failures f using book
    where f.portfolio_id = book.portfolio_id and f.report_date = ${value('date')}::date)
  , made_current as (
    update portfolios p set current_holding_report_id = ${value('reportId')}::uuid,
      current_nav = ${value('nav')}
    from book
    where p.id = book.portfolio_id and not exists (
      select 1 from holding_reports h
      where h.portfolio_id = book.portfolio_id and h.report_date > ${value('date')}::date))
  select count(*)::int as written from book`;

const WRITE_DAY_QUERY = new PgDialect().sqlToQuery(WRITE_DAY);
const WRITE_DAY_NAME = 'valuation_write_day';

const writeDayStatement = preparedPerDatabase((db) =>
  db._.session.prepareQuery<{
    execute: { rows: { written: number }[] };
    all: unknown;
    values: unknown;
  }>(WRITE_DAY_QUERY, undefined, WRITE_DAY_NAME, false),
);

/** How many books the statement wrote: one, or none when the book had moved on. */
async function executeWriteDay(db: Db, values: Record<string, unknown>): Promise<number> {
  // drizzle's PGlite driver drops a statement's name; the embedded database gets it named here.
  const named = pgliteNamedStatement(db, WRITE_DAY_NAME, WRITE_DAY_QUERY.sql);
  if (!named) {
    const result = await writeDayStatement(db).execute(values);
    return result.rows[0]?.written ?? 0;
  }
  const rows = await named(
    fillPlaceholders(WRITE_DAY_QUERY.params, values).map((value) =>
      value === null || value === undefined ? null : String(value),
    ),
  );
  return Number(rows[0]?.[0] ?? 0);
}

/** Writes the day; false when the book had moved on since it was read (nothing is written). */
export async function writeValuedDay(db: Db, record: ValuedDayRecord): Promise<boolean> {
  if (!record.replacesReport) return writeStatement(db, record);
  return db.transaction(async (tx) => {
    await tx
      .delete(holdingReports)
      .where(
        and(
          eq(holdingReports.portfolioId, record.ref.portfolioId),
          eq(holdingReports.reportDate, record.date),
        ),
      );
    return writeStatement(tx, record);
  });
}

async function writeStatement(db: Db, record: ValuedDayRecord): Promise<boolean> {
  const { ref, date, book, report } = record;
  const reportId = crypto.randomUUID();
  const owned = { firmId: ref.firmId, portfolioId: ref.portfolioId };
  const reportRow = { ...holdingReportValues(ref.firmId, ref.portfolioId, report), id: reportId };
  const written = await executeWriteDay(db, {
    ...owned,
    date,
    version: record.version,
    cash: book.cash,
    lots: JSON.stringify(book.lots),
    recentLossSales: JSON.stringify(book.recentLossSales),
    realizedGains: book.realizedGains,
    strategyVersionId: book.strategyVersionId,
    ledger: ledgerRows.json(
      record.ledger.map((row, seq) => ({ ...row, ...owned, entryDate: date, seq })),
    ),
    report: reportRows.json([reportRow]),
    lines: lineRows.json(
      report.assets.map((asset, position) => assetLineValues(reportId, asset, position)),
    ),
    flowIds: record.flowIds.join(','),
    pruneLinesOf: record.pruneLinesOf,
    reportId,
    nav: reportRow.nav,
  });
  return written > 0;
}
