/**
 * The firm's whole record as one download (decision 027): newline-delimited JSON, a header line,
 * one line per row of each table the firm owns, and a closing line that counts them. A file
 * without its closing line was cut short.
 */
import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from '../fields.ts';

/**
 * The tables a firm's record is read from, in the order the file lists them. Each line names its
 * table, and its `data` holds the row's columns under their database names.
 */
export const FIRM_RECORD_TABLES = [
  'firms',
  'advisors',
  'custodians',
  'strategy_catalogue',
  'portfolios',
  'portfolio_advisors',
  'onboarding_applications',
  'client_data_versions',
  'custodian_accounts',
  'strategy_versions',
  'token_lots',
  'portfolio_books',
  'cash_movements',
  'actions',
  'action_transitions',
  'ledger_entries',
  'holding_reports',
  'asset_lines',
  'valuation_failures',
  'documents',
  'firm_audit_events',
] as const;
export const FirmRecordTableSchema = z.enum(FIRM_RECORD_TABLES);
export type FirmRecordTable = z.infer<typeof FirmRecordTableSchema>;

export const FIRM_RECORDS_FORMAT = 'ballast-firm-records';
export const FIRM_RECORDS_VERSION = 1;

/** The first line: whose record, when it was read and by whom. */
export const FirmRecordsHeaderSchema = z.object({
  record: z.literal('header'),
  format: z.literal(FIRM_RECORDS_FORMAT),
  version: z.literal(FIRM_RECORDS_VERSION),
  firm_id: IdSchema,
  /** When reading began, to the microsecond in UTC; rows added while it ran may be included. */
  exported_at: IsoDateTimeSchema,
  exported_by: IdSchema,
});
export type FirmRecordsHeader = z.infer<typeof FirmRecordsHeaderSchema>;

/**
 * One row. Timestamps are UTC text to the microsecond, days `YYYY-MM-DD`, money and quantities
 * the exact decimal text the database holds, JSON columns as JSON, the logo's bytes base64.
 * Client data is opened: `client_data` in place of a version's ciphertext, `client_input` in
 * place of an application's.
 */
export const FirmRecordRowSchema = z.object({
  record: FirmRecordTableSchema,
  data: z.record(z.string(), z.unknown()),
});
export type FirmRecordRow = z.infer<typeof FirmRecordRowSchema>;

/** The last line: how many rows of each table came before it. */
export const FirmRecordsEndSchema = z.object({
  record: z.literal('end'),
  counts: z.record(FirmRecordTableSchema, z.int().min(0)),
});
export type FirmRecordsEnd = z.infer<typeof FirmRecordsEndSchema>;

export const FirmRecordsLineSchema = z.discriminatedUnion('record', [
  FirmRecordsHeaderSchema,
  FirmRecordRowSchema,
  FirmRecordsEndSchema,
]);
export type FirmRecordsLine = z.infer<typeof FirmRecordsLineSchema>;
