/**
 * What valuing wrote, without what differs between two databases or two runs of the same work
 * (ids, clocks, blob keys, the PDF's bytes, which carry their creation time): two runs that
 * valued the same accounts the same way read the same. Portfolios are named by their place in
 * `refs`, so a run in another database compares too.
 */
import type { PortfolioRef } from '@ballast/api';
import { type Db, schema } from '@ballast/db';
import { inArray } from 'drizzle-orm';

const VOLATILE = new Set([
  'id',
  'firmId',
  'actionId',
  'strategyVersionId',
  'createdAt',
  'updatedAt',
  'blobKey',
  'sha256',
  'sizeBytes',
]);

type Row = Record<string, unknown> & { portfolioId: string };

function comparable(rows: readonly Row[], refs: readonly PortfolioRef[]): string[] {
  return rows
    .map((row) => {
      const kept = Object.entries(row).filter(([key]) => !VOLATILE.has(key));
      const portfolio = refs.findIndex((ref) => ref.portfolioId === row.portfolioId);
      return JSON.stringify(
        Object.fromEntries(
          kept.map(([key, value]) => [key, key === 'portfolioId' ? portfolio : value]),
        ),
      );
    })
    .sort();
}

export async function valuationRecords(db: Db, refs: readonly PortfolioRef[]) {
  const ids = refs.map((ref) => ref.portfolioId);
  const { holdingReports, ledgerEntries, portfolioBooks, documents } = schema;
  return {
    reports: comparable(
      await db.select().from(holdingReports).where(inArray(holdingReports.portfolioId, ids)),
      refs,
    ),
    ledger: comparable(
      await db.select().from(ledgerEntries).where(inArray(ledgerEntries.portfolioId, ids)),
      refs,
    ),
    books: comparable(
      await db.select().from(portfolioBooks).where(inArray(portfolioBooks.portfolioId, ids)),
      refs,
    ),
    documents: comparable(
      await db.select().from(documents).where(inArray(documents.portfolioId, ids)),
      refs,
    ),
  };
}
