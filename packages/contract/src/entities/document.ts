/**
 * Product §3 stored files: KYC documents, and the statements and tax reports generated for a
 * portfolio.
 */
import { z } from 'zod';
import { IdSchema, IsoDateSchema, IsoDateTimeSchema, UrlSchema } from '../fields.ts';

/** A KYC upload; `document` is where the file can be fetched. */
export const PortfolioDocumentSchema = z.object({
  id: IdSchema,
  portfolio_id: IdSchema,
  created_at: IsoDateTimeSchema,
  document: UrlSchema,
});
export type PortfolioDocument = z.infer<typeof PortfolioDocumentSchema>;

// The product lists statements and tax reports only as record sets; they are generated files, so
// they take the document shape plus the date they report on.
export const ReportDocumentSchema = PortfolioDocumentSchema.extend({ report_date: IsoDateSchema });
export type ReportDocument = z.infer<typeof ReportDocumentSchema>;
export const StatementSchema = ReportDocumentSchema;
export type Statement = ReportDocument;
export const TaxReportSchema = ReportDocumentSchema;
export type TaxReport = ReportDocument;

/** POST /kyc-documents, as multipart form-data: the file and the portfolio it belongs to. */
export const KycDocumentUploadSchema = z.object({
  portfolio_id: IdSchema,
  document: z.file(),
});
export type KycDocumentUpload = z.infer<typeof KycDocumentUploadSchema>;
