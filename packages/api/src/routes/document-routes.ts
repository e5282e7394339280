import {
  getStatement,
  getTaxReport,
  type HistoryQuery,
  IdSchema,
  listStatements,
  listTaxReports,
  NOT_FOUND_DETAIL,
  uploadKycDocument,
} from '@ballast/contract';
import { schema } from '@ballast/db';
import multipart from '@fastify/multipart';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type ApiContext, apiRoute, parseOrFail } from '../api-route.ts';
import { AppError, RequestValidationError } from '../app-error.ts';
import { authenticate, type Caller } from '../auth/authenticate.ts';
import { findVisiblePortfolio } from '../auth/portfolio-visibility.ts';
import {
  type DocumentKind,
  storeDocument,
  toPortfolioDocument,
  toReportDocument,
} from '../documents/document-store.ts';
import { detectFileType, safeFileName } from '../documents/file-type.ts';
import { pageOf, withinTimeBounds } from '../paging.ts';

const { documents } = schema;

/** The largest KYC upload: a scanned passport or a few pages of statements. */
export const KYC_MAX_BYTES = 10 * 1024 * 1024;

const UploadFieldsSchema = z.object({ portfolio_id: IdSchema });

function documentError(code: 'invalid' | 'required', detail: string): RequestValidationError {
  return new RequestValidationError({
    type: 'validation_error',
    errors: [{ code, detail, attr: 'document' }],
  });
}

type Upload = { fields: Record<string, string>; file?: { name?: string; bytes: Buffer } };

/** Reads every part of the form; the file is buffered, up to the limit. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw documentError('required', 'Send the document as multipart/form-data.');
  }
  const upload: Upload = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'document') upload.file = { name: part.filename, bytes };
      } else if (typeof part.value === 'string') {
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw documentError('invalid', `The file is larger than ${KYC_MAX_BYTES / 1024 / 1024} MB.`);
    }
    throw error;
  }
  return upload;
}

/** KYC uploads, statements and tax reports, and the download of their files. */
export async function registerDocumentRoutes(
  app: FastifyInstance,
  context: ApiContext,
): Promise<void> {
  const { db, blobs } = context;
  await app.register(multipart, {
    limits: { fileSize: KYC_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  apiRoute(app, context, uploadKycDocument, async ({ caller, request, reply }) => {
    const upload = await readUpload(request);
    const fields = parseOrFail(UploadFieldsSchema, upload.fields);
    const portfolio = await findVisiblePortfolio(db, fields.portfolio_id, caller);
    if (caller.role === 'OPERATIONS') {
      throw new AppError('permission_denied', 'Operations staff do not upload client documents.');
    }
    if (portfolio.status === 'CLOSED') {
      throw new AppError('request_conflict', 'The account is closed.');
    }
    if (!upload.file || upload.file.bytes.byteLength === 0) {
      throw documentError('required', 'Choose a file to upload.');
    }
    const type = detectFileType(upload.file.bytes);
    if (!type) throw documentError('invalid', 'The file must be a PDF, PNG or JPEG.');
    const row = await storeDocument(db, blobs, {
      firmId: caller.firmId,
      portfolioId: portfolio.id,
      kind: 'KYC',
      fileName: safeFileName(upload.file.name, type),
      contentType: type.contentType,
      bytes: upload.file.bytes,
      uploadedByAdvisorId: caller.advisorId,
    });
    reply.code(201);
    return toPortfolioDocument(request, row);
  });

  // Not a §7 call: the URL every document answer carries, behind the same session and scope.
  app.get('/portfolios/:id/documents/:documentId/file', async (request, reply) => {
    const caller = await authenticate(request, db, context.verify, context.callers);
    const params = z.object({ id: IdSchema, documentId: IdSchema }).safeParse(request.params);
    if (!params.success) throw new AppError('not_found', NOT_FOUND_DETAIL);
    const portfolio = await findVisiblePortfolio(db, params.data.id, caller);
    const [row] = await db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.id, params.data.documentId),
          eq(documents.portfolioId, portfolio.id),
          eq(documents.firmId, caller.firmId),
        ),
      );
    const bytes = row ? await blobs.get(row.blobKey) : undefined;
    if (!row || !bytes) throw new AppError('not_found', NOT_FOUND_DETAIL);
    return reply
      .header('content-type', row.contentType)
      .header('content-disposition', `attachment; filename="${row.fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });

  async function listReports(
    request: FastifyRequest,
    caller: Caller,
    portfolioId: string,
    kind: DocumentKind,
    query: HistoryQuery,
  ) {
    const portfolio = await findVisiblePortfolio(db, portfolioId, caller);
    const where = and(
      eq(documents.portfolioId, portfolio.id),
      eq(documents.kind, kind),
      ...withinTimeBounds(documents.reportDate, query),
    );
    const [total] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(documents)
      .where(where);
    const rows = await db
      .select()
      .from(documents)
      .where(where)
      .orderBy(desc(documents.reportDate), desc(documents.createdAt))
      .limit(query.limit)
      .offset(query.offset);
    return pageOf(
      request,
      query,
      total?.count ?? 0,
      rows.map((row) => toReportDocument(request, row)),
    );
  }

  async function getReport(
    caller: Caller,
    portfolioId: string,
    reportId: string,
    kind: DocumentKind,
  ) {
    const portfolio = await findVisiblePortfolio(db, portfolioId, caller);
    const [row] = await db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.id, reportId),
          eq(documents.portfolioId, portfolio.id),
          eq(documents.kind, kind),
        ),
      );
    if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
    return row;
  }

  apiRoute(app, context, listStatements, ({ params, query, caller, request }) =>
    listReports(request, caller, params.id, 'STATEMENT', query),
  );
  apiRoute(app, context, listTaxReports, ({ params, query, caller, request }) =>
    listReports(request, caller, params.id, 'TAX_REPORT', query),
  );
  apiRoute(app, context, getStatement, async ({ params, caller, request }) =>
    toReportDocument(request, await getReport(caller, params.id, params.report_id, 'STATEMENT')),
  );
  apiRoute(app, context, getTaxReport, async ({ params, caller, request }) =>
    toReportDocument(request, await getReport(caller, params.id, params.report_id, 'TAX_REPORT')),
  );
}
