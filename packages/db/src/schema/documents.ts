import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { advisors } from './advisors.ts';
import { timestampTz } from './columns.ts';
import { portfolioOwnedColumns } from './portfolio-owned-columns.ts';

/**
 * Files of a portfolio: KYC uploads, and the statements and tax reports generated for it. The
 * bytes live in the blob store under `blobKey`; the row holds what was checked about them.
 */
export const documents = pgTable(
  'documents',
  {
    ...portfolioOwnedColumns(),
    kind: text('kind').$type<'KYC' | 'STATEMENT' | 'TAX_REPORT'>().notNull(),
    /** The day a statement or tax report reports on; null for uploads. */
    reportDate: date('report_date', { mode: 'string' }),
    fileName: text('file_name').notNull(),
    /** Judged from the bytes, never from what the uploader claimed. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    blobKey: text('blob_key').notNull().unique(),
    uploadedByAdvisorId: uuid('uploaded_by_advisor_id').references(() => advisors.id),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('documents_portfolio_kind_idx').on(table.portfolioId, table.kind, table.reportDate),
    // The job writes one statement per month and one tax report per year, however often it runs.
    uniqueIndex('documents_generated_idx')
      .on(table.portfolioId, table.kind, table.reportDate)
      .where(sql`kind <> 'KYC'`),
  ],
);
