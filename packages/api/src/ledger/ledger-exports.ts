/**
 * The ledger's rows as the CSV exports list them: every entry between two days, and the lots
 * sales and redemptions realised in a tax year (Form 8949's columns). Entries read in the order
 * they were recorded, day by day.
 */

import { type Db, schema } from '@ballast/db';
import type { TaxLotCsvRow, TransactionCsvRow } from '@ballast/documents';
import { and, asc, between, desc, eq, inArray } from 'drizzle-orm';
import { keyAfter, keysetPages } from '../records/keyset-pages.ts';
import { readRealisedLots } from './realised-lots.ts';

const { ledgerEntries, holdingReports, assetLines } = schema;

type Portfolio = { id: string; firmId: string };
type LedgerEntry = typeof ledgerEntries.$inferSelect;

const KIND_WORDS: Record<string, string> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
  BUY: 'Bought',
  SELL: 'Sold',
  COUPON: 'Coupon',
  REDEMPTION: 'Redeemed',
  STAKING_REWARD: 'Staking reward',
  CASH_INTEREST: 'Interest on cash',
  FEE: 'Fee',
};

// A CUSIP is nine letters and digits; a token is named by its shorter symbol.
const CUSIP_SHAPE = /^[0-9A-Z]{9}$/;

/** numeric(38,18) text as a plain number without its trailing zeros. */
const units = (quantity: string) => Math.abs(Number(quantity));

function ofPortfolio(portfolio: Portfolio) {
  return and(
    eq(ledgerEntries.firmId, portfolio.firmId),
    eq(ledgerEntries.portfolioId, portfolio.id),
  );
}

/**
 * What the portfolio's reports call each instrument ("California St GO 4.000% 2034"): the latest
 * asset line that names it. An instrument no report has listed keeps its identifier.
 */
async function instrumentNames(
  db: Db,
  portfolio: Portfolio,
  instruments: readonly (string | null)[],
): Promise<(instrument: string) => string> {
  const wanted = [...new Set(instruments.filter((instrument) => instrument !== null))];
  if (wanted.length === 0) return (instrument) => instrument;
  const rows = await db
    .selectDistinctOn([assetLines.cusip], {
      cusip: assetLines.cusip,
      description: assetLines.description,
    })
    .from(assetLines)
    .innerJoin(holdingReports, eq(assetLines.reportId, holdingReports.id))
    .where(
      and(
        eq(holdingReports.firmId, portfolio.firmId),
        eq(holdingReports.portfolioId, portfolio.id),
        inArray(assetLines.cusip, wanted),
      ),
    )
    .orderBy(assetLines.cusip, desc(holdingReports.reportDate));
  const names = new Map(rows.map((row) => [row.cusip, row.description]));
  return (instrument) => names.get(instrument) ?? instrument;
}

// Entries read at a time: a firm's ledger is read portfolio by portfolio in pages of this many.
const TRANSACTIONS_PAGE = 5_000;

/**
 * Every ledger entry from `from` to `to`, both days included, a page at a time in the order they
 * were recorded, so a firm's whole ledger can be written out without being held at once.
 */
export async function* transactionPages(
  db: Db,
  portfolio: Portfolio,
  range: { from: string; to: string },
): AsyncGenerator<TransactionCsvRow[]> {
  const key = [ledgerEntries.entryDate, ledgerEntries.seq] as const;
  const pages = keysetPages(TRANSACTIONS_PAGE, (last: LedgerEntry | undefined) =>
    db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          ofPortfolio(portfolio),
          between(ledgerEntries.entryDate, range.from, range.to),
          last ? keyAfter(key, [last.entryDate, last.seq]) : undefined,
        ),
      )
      .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.seq))
      .limit(TRANSACTIONS_PAGE),
  );
  for await (const rows of pages) {
    const nameOf = await instrumentNames(
      db,
      portfolio,
      rows.map((row) => row.instrument),
    );
    yield rows.map((row) => {
      const words = KIND_WORDS[row.kind] ?? row.kind;
      return {
        date: row.entryDate,
        kind: row.kind,
        reason: row.reason,
        instrument: row.instrument,
        description: row.instrument ? `${words} ${nameOf(row.instrument)}` : words,
        quantity: row.instrument ? units(row.quantity) : null,
        amount: Number(row.cash),
        income: Number(row.income),
        fee: Number(row.fee),
      };
    });
  }
}

/** Every ledger entry from `from` to `to`, both days included. */
export async function readTransactionRows(
  db: Db,
  portfolio: Portfolio,
  range: { from: string; to: string },
): Promise<TransactionCsvRow[]> {
  const rows: TransactionCsvRow[] = [];
  for await (const page of transactionPages(db, portfolio, range)) rows.push(...page);
  return rows;
}

/** The lots relieved by sales and redemptions in `year`, one row per lot. */
export async function readTaxLotRows(
  db: Db,
  portfolio: Portfolio,
  year: number,
): Promise<TaxLotCsvRow[]> {
  const lots = await readRealisedLots(db, portfolio, year);
  const nameOf = await instrumentNames(
    db,
    portfolio,
    lots.map((lot) => lot.entry.instrument),
  );
  return lots.map(({ entry, term, proceedsCents, costCents, disallowedCents, gainLossCents }) => {
    const instrument = entry.instrument ?? '';
    return {
      description: `${units(entry.quantity)} ${nameOf(instrument)}`.trim(),
      cusip: CUSIP_SHAPE.test(instrument) ? instrument : null,
      dateAcquired: entry.acquiredOn ?? entry.entryDate,
      dateSold: entry.entryDate,
      proceeds: proceedsCents / 100,
      costBasis: costCents / 100,
      washSaleDisallowed: disallowedCents / 100,
      gainLoss: gainLossCents / 100,
      term,
    };
  });
}
