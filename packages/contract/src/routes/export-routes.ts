/**
 * A portfolio's ledger as CSV files to download: its transactions between two days, and the lots
 * its sales and redemptions realised in one tax year (Form 8949's columns).
 */
import { z } from 'zod';
import { TAX_YEAR_MAX, TAX_YEAR_MIN } from '../constants.ts';
import { IdSchema, IsoDateSchema } from '../fields.ts';
import { DATE_RANGE_REVERSED, TAX_YEAR_OUT_OF_RANGE } from '../messages.ts';
import { binary, defineRoute } from './define-route.ts';
import { errors } from './error-responses.ts';

const PortfolioParams = z.object({ id: IdSchema });

const isIsoDate = (value: unknown) => IsoDateSchema.safeParse(value).success;

/**
 * Both days inclusive, `from` no later than `to`. The order is judged only between two real
 * dates, so a malformed day is reported once, at its own field.
 */
export const TransactionsExportQuerySchema = z
  .object({ from: IsoDateSchema, to: IsoDateSchema })
  .refine((query) => !isIsoDate(query.from) || !isIsoDate(query.to) || query.from <= query.to, {
    error: DATE_RANGE_REVERSED,
    path: ['to'],
  });
export type TransactionsExportQuery = z.infer<typeof TransactionsExportQuerySchema>;

export const TaxLotsExportQuerySchema = z.object({
  // Query strings arrive as text, hence the coercion.
  year: z.coerce
    .number()
    .int({ error: TAX_YEAR_OUT_OF_RANGE })
    .min(TAX_YEAR_MIN, { error: TAX_YEAR_OUT_OF_RANGE })
    .max(TAX_YEAR_MAX, { error: TAX_YEAR_OUT_OF_RANGE }),
});
export type TaxLotsExportQuery = z.infer<typeof TaxLotsExportQuerySchema>;

const csv = binary(['text/csv']);

export const exportTransactions = defineRoute({
  id: 'exportTransactions',
  method: 'GET',
  path: '/portfolios/{id}/transactions/export',
  summary: 'Transactions between two days, as CSV',
  description:
    'Every ledger entry (trade, income, fee, deposit and withdrawal) from `from` to `to`, both ' +
    'inclusive, in the order it was recorded: `text/csv; charset=utf-8`, as an attachment.',
  tags: ['reports'],
  params: PortfolioParams,
  query: TransactionsExportQuerySchema,
  responses: { 200: csv, ...errors(400, 404) },
});

export const exportTaxLots = defineRoute({
  id: 'exportTaxLots',
  method: 'GET',
  path: '/portfolios/{id}/tax-lots/export',
  summary: 'Lots realised in a tax year, as CSV',
  description:
    'Each lot a sale or redemption relieved in `year`, with Form 8949 / 1099-B columns: ' +
    'description, dates acquired and sold, proceeds, cost basis, wash-sale adjustment, gain or ' +
    'loss and term. `text/csv; charset=utf-8`, as an attachment.',
  tags: ['reports'],
  params: PortfolioParams,
  query: TaxLotsExportQuerySchema,
  responses: { 200: csv, ...errors(400, 404) },
});
