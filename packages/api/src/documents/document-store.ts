import { createHash, randomUUID } from 'node:crypto';
import type { PortfolioDocument, ReportDocument } from '@ballast/contract';
import { type BlobStore, type Db, schema } from '@ballast/db';
import type { FastifyRequest } from 'fastify';
import { detectFileType } from './file-type.ts';

const { documents } = schema;

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentKind = DocumentRow['kind'];

/** A file to keep for a portfolio, as `storeDocument` takes it. */
export type NewDocument = {
  firmId: string;
  portfolioId: string;
  kind: DocumentKind;
  /** The day a statement or tax report covers up to; KYC uploads have none. */
  reportDate?: string | null;
  /** The name the file is offered under when downloaded (cleaned again at download). */
  fileName: string;
  bytes: Uint8Array;
  /** What the bytes are when they are a PDF, PNG or JPEG; any other file must say what it is. */
  contentType?: string;
  /** Null for files the system generated. */
  uploadedByAdvisorId?: string | null;
};

/**
 * Stores a file's bytes in the blob store and its row in the database. The bytes go first, so a
 * row never points at nothing; a crash between the two leaves only an unreferenced blob. The
 * blob key is made here from the firm and a fresh id, never from anything a user sent. The caller
 * vouches that the portfolio is the firm's (the upload route found it through the caller's firm).
 */
export async function storeDocument(
  db: Db,
  blobs: BlobStore,
  file: NewDocument,
): Promise<DocumentRow> {
  if (file.kind !== 'KYC' && !file.reportDate) {
    throw new Error(`A ${file.kind} document needs the date it reports on.`);
  }
  const detected = detectFileType(file.bytes)?.contentType;
  // The bytes decide whenever they can (the row's content type is served as is on download).
  if (detected && file.contentType && file.contentType !== detected) {
    throw new Error(`The document is ${detected}, not ${file.contentType}.`);
  }
  const contentType = detected ?? file.contentType;
  if (!contentType) {
    throw new Error('The document is not a PDF, PNG or JPEG; say its content type.');
  }
  const id = randomUUID();
  const blobKey = `${file.firmId}/documents/${id}`;
  await blobs.put(blobKey, file.bytes, contentType);
  const [row] = await db
    .insert(documents)
    .values({
      id,
      firmId: file.firmId,
      portfolioId: file.portfolioId,
      kind: file.kind,
      reportDate: file.reportDate ?? null,
      fileName: file.fileName,
      contentType,
      sizeBytes: file.bytes.byteLength,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      blobKey,
      uploadedByAdvisorId: file.uploadedByAdvisorId ?? null,
    })
    .returning();
  if (!row) throw new Error('The document could not be stored.');
  return row;
}

/**
 * Where the file of a document is downloaded, as an absolute URL of this api; `prefix` is where
 * the api is mounted (`/api` in the server).
 */
export function downloadUrl(request: FastifyRequest, prefix: string, row: DocumentRow): string {
  return `${request.protocol}://${request.host}${prefix}/portfolios/${row.portfolioId}/documents/${row.id}/file`;
}

export function toPortfolioDocument(
  request: FastifyRequest,
  prefix: string,
  row: DocumentRow,
): PortfolioDocument {
  return {
    id: row.id,
    portfolio_id: row.portfolioId,
    created_at: row.createdAt.toISOString(),
    document: downloadUrl(request, prefix, row),
  };
}

export function toReportDocument(
  request: FastifyRequest,
  prefix: string,
  row: DocumentRow,
): ReportDocument {
  if (!row.reportDate) throw new Error(`Report document ${row.id} has no report date.`);
  return { ...toPortfolioDocument(request, prefix, row), report_date: row.reportDate };
}
