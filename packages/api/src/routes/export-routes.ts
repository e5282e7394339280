import { exportTaxLots, exportTransactions } from '@ballast/contract';
import { taxLotsCsv, transactionsCsv } from '@ballast/documents';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type ApiContext, apiRoute } from '../api-route.ts';
import { getVisiblePortfolio } from '../auth/portfolio-visibility.ts';
import { readTaxLotRows, readTransactionRows } from '../ledger/ledger-exports.ts';
import { sendAttachment } from './send-attachment.ts';

function sendCsv(reply: FastifyReply, fileName: string, text: string) {
  return sendAttachment(reply, { fileName, contentType: 'text/csv; charset=utf-8', body: text });
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
