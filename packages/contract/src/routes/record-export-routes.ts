/**
 * The records a firm must keep, as files its administrator downloads (decision 027): the requests'
 * transition log and the ledger of every portfolio between two days as CSV, and everything the
 * firm owns as newline-delimited JSON. Each download is written to the firm's audit trail.
 */
import { z } from 'zod';
import { IdSchema } from '../fields.ts';
import { binary, defineRoute } from './define-route.ts';
import { errors } from './error-responses.ts';
import { TransactionsExportQuerySchema } from './export-routes.ts';

const firmParams = z.object({ id: IdSchema });

const csv = binary(['text/csv']);

export const exportFirmTransitions = defineRoute({
  id: 'exportFirmTransitions',
  method: 'GET',
  path: '/firms/{id}/records/transitions/export',
  summary: "The firm's request transition log between two days, as CSV (ADMINISTRATOR)",
  description:
    'Every move of every request of the firm whose UTC day is from `from` to `to`, both ' +
    'inclusive, by time and then by its sequence number: when (UTC, to the microsecond), ' +
    'portfolio, action, action type, from and to state, who moved it and the SHA-256 of its ' +
    'payload. `text/csv; charset=utf-8`, as an attachment.',
  tags: ['firm records'],
  params: firmParams,
  query: TransactionsExportQuerySchema,
  responses: { 200: csv, ...errors(400, 403, 404) },
});

export const exportFirmLedger = defineRoute({
  id: 'exportFirmLedger',
  method: 'GET',
  path: '/firms/{id}/records/ledger/export',
  summary: "Every portfolio's transactions between two days, as CSV (ADMINISTRATOR)",
  description:
    "The columns of a portfolio's transactions export after the portfolio's id, for every " +
    'portfolio of the firm, from `from` to `to` both inclusive, by portfolio, day and sequence. ' +
    '`text/csv; charset=utf-8`, as an attachment.',
  tags: ['firm records'],
  params: firmParams,
  query: TransactionsExportQuerySchema,
  responses: { 200: csv, ...errors(400, 403, 404) },
});

export const exportFirmRecords = defineRoute({
  id: 'exportFirmRecords',
  method: 'GET',
  path: '/firms/{id}/records/export',
  summary: 'Everything the firm owns, as newline-delimited JSON (ADMINISTRATOR)',
  description:
    '`application/x-ndjson`, as an attachment, streamed: a header line, then one line per row ' +
    'of each table the firm owns (`FirmRecordsLineSchema`: the firm, its advisors, custodians, ' +
    'strategy catalogue, portfolios with their client data opened, accounts, actions and ' +
    'transitions, ledger, holding reports, documents without their bytes, audit trail), and a ' +
    'closing line that counts them. A file without the closing line was cut short.',
  tags: ['firm records'],
  params: firmParams,
  responses: { 200: binary(['application/x-ndjson']), ...errors(403, 404) },
});
