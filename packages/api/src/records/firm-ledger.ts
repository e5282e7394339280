/**
 * The ledger of every portfolio of the firm in a range of days (decision 027): each portfolio's
 * rows exactly as its own transactions export lists them, by portfolio, day and sequence.
 */
import type { Db } from '@ballast/db';
import type { FirmTransactionCsvRow } from '@ballast/documents';
import { transactionPages } from '../ledger/ledger-exports.ts';
import type { DayRange } from './day-range.ts';

/**
 * A portfolio at a time, each read over its own index range, so a firm of ten thousand portfolios
 * streams in pages and never sits in memory whole.
 */
export async function* firmLedgerPages(
  db: Db,
  firmId: string,
  portfolioIds: readonly string[],
  range: DayRange,
): AsyncGenerator<FirmTransactionCsvRow[]> {
  for (const portfolioId of portfolioIds) {
    for await (const rows of transactionPages(db, { id: portfolioId, firmId }, range)) {
      yield rows.map((row) => ({ portfolioId, ...row }));
    }
  }
}
