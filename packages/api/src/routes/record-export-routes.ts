import { Readable } from 'node:stream';
import {
  exportFirmLedger,
  exportFirmRecords,
  exportFirmTransitions,
  FIRM_RECORDS_FORMAT,
  FIRM_RECORDS_VERSION,
} from '@ballast/contract';
import { firmTransactionsCsv, transitionsCsv } from '@ballast/documents';
import type { FastifyInstance } from 'fastify';
import { requireAdministratorOf } from '../administration/firm-scope.ts';
import { type ApiContext, apiRoute } from '../api-route.ts';
import { auditRecordExport } from '../records/audit-record-export.ts';
import { firmLedgerPages } from '../records/firm-ledger.ts';
import { firmPortfolioIds } from '../records/firm-portfolio-ids.ts';
import { firmRecordLines } from '../records/firm-records.ts';
import { firmTransitionPages } from '../records/firm-transitions.ts';
import { sendAttachment } from './send-attachment.ts';

const CSV = 'text/csv; charset=utf-8';

/** Chunks of text as a byte stream that reads the next chunk only when the last has gone out. */
const streamOf = (chunks: AsyncIterable<string>) => Readable.from(chunks, { objectMode: false });

/**
 * The records a firm must keep, for its administrator to take away (decision 027). Each export
 * is on the firm's audit trail before any of it is sent.
 */
export function registerRecordExportRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, box } = context;

  apiRoute(app, context, exportFirmTransitions, async ({ params, query, caller, reply }) => {
    requireAdministratorOf(caller, params.id);
    await auditRecordExport(db, caller, { records: 'action_transitions', range: query });
    return sendAttachment(reply, {
      fileName: `transitions-${query.from}-to-${query.to}.csv`,
      contentType: CSV,
      body: streamOf(transitionsCsv(firmTransitionPages(db, caller.firmId, query))),
    });
  });

  apiRoute(app, context, exportFirmLedger, async ({ params, query, caller, reply }) => {
    requireAdministratorOf(caller, params.id);
    const portfolioIds = await firmPortfolioIds(db, caller.firmId);
    await auditRecordExport(db, caller, { records: 'ledger_entries', range: query });
    return sendAttachment(reply, {
      fileName: `ledger-${query.from}-to-${query.to}.csv`,
      contentType: CSV,
      body: streamOf(firmTransactionsCsv(firmLedgerPages(db, caller.firmId, portfolioIds, query))),
    });
  });

  apiRoute(app, context, exportFirmRecords, async ({ params, caller, reply }) => {
    requireAdministratorOf(caller, params.id);
    const portfolioIds = await firmPortfolioIds(db, caller.firmId);
    await auditRecordExport(db, caller, { records: 'all' });
    const exportedAt = new Date().toISOString();
    const header = {
      record: 'header',
      format: FIRM_RECORDS_FORMAT,
      version: FIRM_RECORDS_VERSION,
      firm_id: caller.firmId,
      exported_at: exportedAt,
      exported_by: caller.advisorId,
    } as const;
    return sendAttachment(reply, {
      fileName: `firm-records-${exportedAt.slice(0, 10)}.ndjson`,
      contentType: 'application/x-ndjson',
      body: streamOf(firmRecordLines(db, box, { header, portfolioIds })),
    });
  });
}
