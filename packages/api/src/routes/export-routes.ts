import { exportTaxLots, exportTransactions } from '@ballast/contract';
import { taxLotsCsv, transactionsCsv } from '@ballast/documents';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type ApiContext, apiRoute } from '../api-route.ts';
import { getVisiblePortfolio } from '../auth/portfolio-visibility.ts';
import { attachmentDisposition } from '../documents/file-type.ts';
import { readTaxLotRows, readTransactionRows } from '../ledger/ledger-exports.ts';

/** A CSV file to save, never to show in place or keep in a shared cache. */
function sendCsv(reply: FastifyReply, fileName: string, text: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(text);
}

/** The ledger's transactions and realised lots of a portfolio, as CSV downloads. */
export function registerExportRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db } = context;

  apiRoute(app, context, exportTransactions, async ({ params, query, caller, reply }) => {
    const portfolio = await getVisiblePortfolio(db, params.id, caller);
    const rows = await readTransactionRows(db, portfolio, query);
    return sendCsv(reply, `transactions-${query.from}-to-${query.to}.csv`, transactionsCsv(rows));
  });

  apiRoute(app, context, exportTaxLots, async ({ params, query, caller, reply }) => {
    const portfolio = await getVisiblePortfolio(db, params.id, caller);
    const rows = await readTaxLotRows(db, portfolio, query.year);
    return sendCsv(reply, `tax-lots-${query.year}.csv`, taxLotsCsv(rows));
  });
}
