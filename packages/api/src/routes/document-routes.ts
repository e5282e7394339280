import {
  getStatement,
  getTaxReport,
  type HistoryQuery,
  IdSchema,
  KYC_WHOLE_FORM,
  listStatements,
  listTaxReports,
  NOT_FOUND_DETAIL,
  uploadKycDocument,
  type ValidationErrorItem,
} from '@ballast/contract';
import { schema } from '@ballast/db';
import multipart from '@fastify/multipart';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type ApiContext, apiRoute, parseOrFail } from '../api-route.ts';
import { AppError, RequestValidationError } from '../app-error.ts';
import { authenticate, type Caller } from '../auth/authenticate.ts';
import { getVisiblePortfolio } from '../auth/portfolio-visibility.ts';
import {
  type DocumentKind,
  storeDocument,
  toPortfolioDocument,
  toReportDocument,
} from '../documents/document-store.ts';
import {
  attachmentDisposition,
  type DetectedType,
  detectFileType,
  safeFileName,
} from '../documents/file-type.ts';
import { multipartFailure } from '../multipart-failure.ts';
import { countRows, pageOf, withinTimeBounds } from '../paging.ts';
import { RATE_LIMITS } from '../request-limits.ts';

const { documents } = schema;

/** The largest KYC upload: a scanned passport or a few pages of statements. */
export const KYC_MAX_BYTES = 10 * 1024 * 1024;

const UploadFieldsSchema = z.object({ portfolio_id: IdSchema });

const DownloadParamsSchema = z.object({ id: IdSchema, documentId: IdSchema });

function documentItem(code: 'invalid' | 'required', detail: string): ValidationErrorItem {
  return { code, detail, attr: 'document' };
}

function documentError(code: 'invalid' | 'required', detail: string): RequestValidationError {
  return new RequestValidationError({
    type: 'validation_error',
    errors: [documentItem(code, detail)],
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
    const failure = multipartFailure(error);
    if (failure === 'too_large') {
      throw documentError('invalid', `The file is larger than ${KYC_MAX_BYTES / 1024 / 1024} MB.`);
    }
    if (failure === 'malformed') throw documentError('invalid', KYC_WHOLE_FORM);
    throw error;
  }
  return upload;
}

/**
 * The form's fields and file, or one 400 naming everything wrong with them together, as every
 * JSON body is judged (product §8); the text field gets the same NUL rule through `parseOrFail`.
 */
function checkUpload(upload: Upload): {
  portfolioId: string;
  file: { name?: string; bytes: Buffer; type: DetectedType };
} {
  const errors: ValidationErrorItem[] = [];
  let portfolioId: string | undefined;
  try {
    portfolioId = parseOrFail(UploadFieldsSchema, upload.fields).portfolio_id;
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    errors.push(...error.response.errors);
  }
  const file = upload.file;
  const type = file ? detectFileType(file.bytes) : undefined;
  if (!file || file.bytes.byteLength === 0) {
    errors.push(documentItem('required', 'Choose a file to upload.'));
  } else if (!type) {
    errors.push(documentItem('invalid', 'The file must be a PDF, PNG or JPEG.'));
  }
  if (errors.length > 0 || portfolioId === undefined || !file || !type) {
    throw new RequestValidationError({ type: 'validation_error', errors });
  }
  return { portfolioId, file: { ...file, type } };
}

/**
 * KYC uploads, statements and tax reports, and the download of their files. They live in their
 * own plugin scope so that only these routes accept multipart bodies.
 */
export async function registerDocumentRoutes(
  app: FastifyInstance,
  context: ApiContext,
): Promise<void> {
  await app.register(async (scope) => documentRoutes(scope, context));
}

async function documentRoutes(app: FastifyInstance, context: ApiContext): Promise<void> {
  const { db, blobs } = context;
  // Where the api is mounted, for the absolute download URLs in answers.
  const prefix = app.prefix;
  await app.register(multipart, {
    // One file and a few short fields; more than that is not a KYC form.
    limits: { fileSize: KYC_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  apiRoute(
    app,
    context,
    uploadKycDocument,
    async ({ caller, request, reply }) => {
      // Settled before the body is read: operations never uploads, whichever portfolio it names.
      if (caller.role === 'OPERATIONS') {
        throw new AppError('permission_denied', 'Operations staff do not upload client documents.');
      }
      const { portfolioId, file } = checkUpload(await readUpload(request));
      // A well-formed portfolio_id that names no portfolio the caller can see answers 404, as on
      // every other portfolio call (docs/architecture.md "Roles"), rather than a 400 does_not_exist
      // item: the client handles one "not found" everywhere, and existence is never revealed either
      // way.
      const portfolio = await getVisiblePortfolio(db, portfolioId, caller);
      if (portfolio.status === 'CLOSED') {
        throw new AppError('request_conflict', 'The account is closed.');
      }
      const row = await storeDocument(db, blobs, {
        firmId: caller.firmId,
        portfolioId: portfolio.id,
        kind: 'KYC',
        fileName: safeFileName(file.name, file.type),
        contentType: file.type.contentType,
        bytes: file.bytes,
        uploadedByAdvisorId: caller.advisorId,
      });
      reply.code(201);
      return toPortfolioDocument(request, prefix, row);
    },
    // Counted before the body is read, so a refused upload is never buffered.
    { config: { rateLimit: RATE_LIMITS.upload } },
  );

  // Not a product §7 call, so not in the contract's route table (decision 010): the URL every
  // document answer carries, behind the same session and the same firm and portfolio scope.
  app.get('/portfolios/:id/documents/:documentId/file', async (request, reply) => {
    const caller = await authenticate(request, db, context.verify, context.callers);
    const params = DownloadParamsSchema.safeParse(request.params);
    if (!params.success) throw new AppError('not_found', NOT_FOUND_DETAIL);
    const portfolio = await getVisiblePortfolio(db, params.data.id, caller);
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
    if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
    // A row whose bytes are gone is a broken store, not a client's mistake: it must be noticed.
    if (!bytes) throw new Error(`The bytes of document ${row.id} are missing from the store.`);
    return reply
      .header('content-type', row.contentType)
      .header('content-disposition', attachmentDisposition(row.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });

  async function listReports(
    request: FastifyRequest,
    caller: Caller,
    portfolioId: string,
    kind: DocumentKind,
    query: HistoryQuery,
  ) {
    const portfolio = await getVisiblePortfolio(db, portfolioId, caller);
    const where = and(
      eq(documents.firmId, caller.firmId),
      eq(documents.portfolioId, portfolio.id),
      eq(documents.kind, kind),
      ...withinTimeBounds(documents.reportDate, query),
    );
    const rows = await db
      .select()
      .from(documents)
      .where(where)
      // The id breaks ties so that pages never repeat or skip a row.
      .orderBy(desc(documents.reportDate), desc(documents.createdAt), desc(documents.id))
      .limit(query.limit)
      .offset(query.offset);
    return pageOf(
      request,
      query,
      await countRows(db, documents, where),
      rows.map((row) => toReportDocument(request, prefix, row)),
    );
  }

  async function getReport(
    caller: Caller,
    portfolioId: string,
    reportId: string,
    kind: DocumentKind,
  ) {
    const portfolio = await getVisiblePortfolio(db, portfolioId, caller);
    const [row] = await db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.id, reportId),
          eq(documents.firmId, caller.firmId),
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
    toReportDocument(
      request,
      prefix,
      await getReport(caller, params.id, params.report_id, 'STATEMENT'),
    ),
  );
  apiRoute(app, context, getTaxReport, async ({ params, caller, request }) =>
    toReportDocument(
      request,
      prefix,
      await getReport(caller, params.id, params.report_id, 'TAX_REPORT'),
    ),
  );
}
