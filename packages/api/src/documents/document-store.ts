import { createHash, randomUUID } from 'node:crypto';
import type { PortfolioDocument, ReportDocument } from '@ballast/contract';
import { type BlobStore, type Db, schema } from '@ballast/db';
import type { FastifyRequest } from 'fastify';

const { documents } = schema;

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentKind = DocumentRow['kind'];

/**
 * Stores a file's bytes in the blob store and its row in the database. The bytes go first, so a
 * row never points at nothing; a crash between the two leaves only an unreferenced blob.
 */
export async function storeDocument(
  db: Db,
  blobs: BlobStore,
  file: {
    firmId: string;
    portfolioId: string;
    kind: DocumentKind;
    reportDate?: string | null;
    fileName: string;
    contentType: string;
    bytes: Uint8Array;
    uploadedByAdvisorId?: string | null;
  },
): Promise<DocumentRow> {
  const id = randomUUID();
  const blobKey = `${file.firmId}/documents/${id}`;
  await blobs.put(blobKey, file.bytes);
  const [row] = await db
    .insert(documents)
    .values({
      id,
      firmId: file.firmId,
      portfolioId: file.portfolioId,
      kind: file.kind,
      reportDate: file.reportDate ?? null,
      fileName: file.fileName,
      contentType: file.contentType,
      sizeBytes: file.bytes.byteLength,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      blobKey,
      uploadedByAdvisorId: file.uploadedByAdvisorId ?? null,
    })
    .returning();
  if (!row) throw new Error('The document could not be stored.');
  return row;
}

/** Where the file of a document is downloaded, as an absolute URL of this api. */
export function downloadUrl(request: FastifyRequest, row: DocumentRow): string {
  return `${request.protocol}://${request.host}/api/portfolios/${row.portfolioId}/documents/${row.id}/file`;
}

export function toPortfolioDocument(request: FastifyRequest, row: DocumentRow): PortfolioDocument {
  return {
    id: row.id,
    portfolio_id: row.portfolioId,
    created_at: row.createdAt.toISOString(),
    document: downloadUrl(request, row),
  };
}

export function toReportDocument(request: FastifyRequest, row: DocumentRow): ReportDocument {
  return { ...toPortfolioDocument(request, row), report_date: row.reportDate ?? '' };
}
