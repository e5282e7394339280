// Long on purpose: KYC uploads, their downloads and the statements and tax reports share one
// server, its blob store and the portfolios they belong to, started once for the file.
import { createHash } from 'node:crypto';
import { KYC_WHOLE_FORM } from '@ballast/contract';
import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storeDocument } from '../src/documents/document-store.ts';
import { KYC_MAX_BYTES } from '../src/routes/document-routes.ts';
import { accountSteps } from './support/account-steps.ts';
import { type SignedIn, useApi } from './support/api-fixture.ts';
import { multipartForm } from './support/multipart-form.ts';

type Page = {
  count: number;
  next: string | null;
  previous: string | null;
  results: { id: string; portfolio_id: string; report_date: string; document: string }[];
};

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82,
]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);
const pdfFile = { bytes: PDF, name: 'a.pdf', type: 'application/pdf' };

/** The KYC form: its fields, and the file under `document`. */
function form(
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type: string },
) {
  return multipartForm(fields, file ? { field: 'document', ...file } : undefined);
}

describe('documents', () => {
  const api = useApi();
  const steps = accountSteps(api);

  async function upload(
    as: SignedIn | undefined,
    fields: Record<string, string>,
    file?: Parameters<typeof form>[1],
  ) {
    return api.call(as, { method: 'POST', url: '/kyc-documents', ...(await form(fields, file)) });
  }

  /** The download URL of an answer, called through the api as `as` (or anonymously). */
  function download(as: SignedIn | undefined, url: string) {
    return api.call(as, { method: 'GET', url: new URL(url).pathname.replace(/^\/api/, '') });
  }

  function get(as: SignedIn, url: string) {
    return api.call(as, { method: 'GET', url });
  }

  it('stores a PDF, PNG or JPEG and gives back the same bytes, judged by content', async () => {
    const me = await api.signIn('ADVISOR');
    const id = await steps.newPortfolio(me);
    for (const [bytes, name, declared, expected] of [
      [PDF, 'passport.pdf', 'application/pdf', 'application/pdf'],
      [PNG, 'licence.png', 'image/png', 'image/png'],
      // A wrong declared type does not matter: the bytes say JPEG.
      [JPEG, 'photo.bin', 'application/octet-stream', 'image/jpeg'],
    ] as const) {
      const response = await upload(me, { portfolio_id: id }, { bytes, name, type: declared });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json() as {
        id: string;
        portfolio_id: string;
        created_at: string;
        document: string;
      };
      expect(Object.keys(body).sort()).toEqual(['created_at', 'document', 'id', 'portfolio_id']);
      expect(body.portfolio_id).toBe(id);
      expect(Number.isNaN(Date.parse(body.created_at))).toBe(false);
      expect(body.document).toMatch(
        new RegExp(`^http://[^/]+/api/portfolios/${id}/documents/${body.id}/file$`),
      );
      const file = await download(me, body.document);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(expected);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.headers['content-disposition']).toMatch(
        /^attachment; filename="[A-Za-z0-9._ -]+"$/,
      );
      expect(new Uint8Array(file.rawPayload)).toEqual(bytes);

      // The row records what was checked: the caller, the size, the digest, the detected type.
      const [row] = await api.database.db
        .select()
        .from(schema.documents)
        .where(eq(schema.documents.id, body.id));
      expect(row).toMatchObject({
        kind: 'KYC',
        firmId: me.firmId,
        portfolioId: id,
        contentType: expected,
        sizeBytes: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        uploadedByAdvisorId: me.advisorId,
        reportDate: null,
      });
      // The blob key is the api's own, whatever the file was called.
      expect(row?.blobKey).toBe(`${me.firmId}/documents/${body.id}`);
    }
  });

  it('never lets the uploaded file name into a path or a header', async () => {
    const me = await api.signIn('ADVISOR');
    const id = await steps.newPortfolio(me);
    const response = await upload(
      me,
      { portfolio_id: id },
      { bytes: PDF, name: '../../etc/"evil";\r\nX-Injected: 1.html', type: 'text/html' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const file = await download(me, (response.json() as { document: string }).document);
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-injected']).toBeUndefined();
    expect(file.headers['content-type']).toBe('application/pdf');
    // Browsers percent-encode quotes and line breaks in the name; whatever arrives is cleaned.
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="[A-Za-z0-9_ -]*evil[A-Za-z0-9._ -]*\.pdf"$/,
    );
  });

  it('refuses a disguised, empty, missing or oversized file in the product §8 format', async () => {
    const me = await api.signIn('ADVISOR');
    const id = await steps.newPortfolio(me);
    const text = new TextEncoder().encode('just some text, honestly a PDF');
    const cases = [
      [{ bytes: text, name: 'fake.pdf', type: 'application/pdf' }, 'invalid'],
      // Almost a PNG: the signature is checked whole.
      [{ bytes: PNG.slice(0, 7), name: 'short.png', type: 'image/png' }, 'invalid'],
      [{ bytes: new Uint8Array(), name: 'empty.pdf', type: 'application/pdf' }, 'required'],
      [undefined, 'required'],
      [
        {
          bytes: new Uint8Array(KYC_MAX_BYTES + 1).fill(0x25),
          name: 'big.pdf',
          type: 'application/pdf',
        },
        'invalid',
      ],
    ] as const;
    for (const [file, code] of cases) {
      const response = await upload(me, { portfolio_id: id }, file);
      expect(response.statusCode, file?.name).toBe(400);
      expect(response.json()).toEqual({
        type: 'validation_error',
        errors: [{ attr: 'document', code, detail: expect.any(String) }],
      });
      expect(response.body).not.toMatch(/ at |stack|Error:/);
    }
    // Nothing was kept of any of them.
    const rows = await api.database.db
      .select()
      .from(schema.documents)
      .where(eq(schema.documents.portfolioId, id));
    expect(rows).toEqual([]);

    // A PDF of exactly the limit is accepted.
    const atLimit = new Uint8Array(KYC_MAX_BYTES).fill(0x20);
    atLimit.set(PDF);
    const largest = await upload(
      me,
      { portfolio_id: id },
      { bytes: atLimit, name: 'b.pdf', type: 'application/pdf' },
    );
    expect(largest.statusCode, largest.body).toBe(201);

    const json = await api.call(me, {
      method: 'POST',
      url: '/kyc-documents',
      payload: { portfolio_id: id },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ type: 'validation_error' });
  });

  it('refuses a body sent as multipart/form-data that is not a whole form, in the product §8 format', async () => {
    const me = await api.signIn('ADVISOR');
    const id = await steps.newPortfolio(me);
    const boundary = '----ballast-form-boundary';
    const opening = `--${boundary}\r\ncontent-disposition: form-data; name="portfolio_id"\r\n\r\n${id}\r\n`;
    const cases: [string, string][] = [
      ['multipart/form-data', JSON.stringify({ portfolio_id: id })],
      [`multipart/form-data; boundary=${boundary}`, JSON.stringify({ portfolio_id: id })],
      [`multipart/form-data; boundary=${boundary}`, opening],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nno header ends here`],
    ];
    for (const [contentType, payload] of cases) {
      const response = await api.call(me, {
        method: 'POST',
        url: '/kyc-documents',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, `${contentType}: ${payload}`).toBe(400);
      expect(response.json()).toEqual({
        type: 'validation_error',
        errors: [
          {
            attr: 'document',
            code: 'invalid',
            detail: KYC_WHOLE_FORM,
          },
        ],
      });
    }
  });

  it('names every bad field of the form at once, with the NUL rule on the text field', async () => {
    const me = await api.signIn('ADVISOR');
    const id = await steps.newPortfolio(me);
    const nothing = await upload(me, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({
      type: 'validation_error',
      errors: [
        { attr: 'portfolio_id', code: 'required' },
        { attr: 'document', code: 'required' },
      ],
    });
    const badId = await upload(me, { portfolio_id: 'nope' }, pdfFile);
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ errors: [{ attr: 'portfolio_id', code: 'invalid' }] });
    const nul = await upload(me, { portfolio_id: `${id}\u0000` }, pdfFile);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      errors: [{ attr: 'portfolio_id', code: 'null_characters_not_allowed' }],
    });
    // A well-formed id of no portfolio is not found, like every portfolio call.
    const unknown = await upload(me, { portfolio_id: crypto.randomUUID() }, pdfFile);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ type: 'client_error', errors: [{ code: 'not_found' }] });
  });

  it('refuses uploads to a closed account', async () => {
    const me = await api.signIn('ADVISOR');
    const id = await steps.newPortfolio(me);
    await api.database.db
      .update(schema.portfolios)
      .set({ status: 'CLOSED' })
      .where(eq(schema.portfolios.id, id));
    const response = await upload(me, { portfolio_id: id }, pdfFile);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      type: 'client_error',
      errors: [{ code: 'request_conflict', attr: null }],
    });
  });

  it('keeps uploads and downloads inside the firm and the advisor’s portfolios', async () => {
    const firmId = await api.createFirm();
    const me = await api.signIn('ADVISOR', { firmId });
    const colleague = await api.signIn('ADVISOR', { firmId });
    const manager = await api.signIn('MANAGER', { firmId });
    const ops = await api.signIn('OPERATIONS', { firmId });
    const stranger = await api.signIn('ADMINISTRATOR');
    const id = await steps.newPortfolio(me);
    const colleagues = await steps.newPortfolio(colleague);
    const stored = (await upload(me, { portfolio_id: id }, pdfFile)).json() as {
      id: string;
      document: string;
    };

    const anonymous = await upload(undefined, { portfolio_id: id }, pdfFile);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    expect((await upload(stranger, { portfolio_id: id }, pdfFile)).statusCode).toBe(404);
    expect((await upload(colleague, { portfolio_id: id }, pdfFile)).statusCode).toBe(404);
    expect((await upload(manager, { portfolio_id: id }, pdfFile)).statusCode).toBe(201);
    const forbidden = await upload(ops, { portfolio_id: id }, pdfFile);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ errors: [{ code: 'permission_denied' }] });

    expect((await download(undefined, stored.document)).statusCode).toBe(401);
    expect((await download(stranger, stored.document)).statusCode).toBe(404);
    expect((await download(colleague, stored.document)).statusCode).toBe(404);
    expect((await download(ops, stored.document)).statusCode).toBe(200);
    expect((await download(manager, stored.document)).statusCode).toBe(200);
    // The document id alone is not enough: it must be asked for under its own portfolio.
    const elsewhere = `/portfolios/${colleagues}/documents/${stored.id}/file`;
    expect((await api.call(colleague, { method: 'GET', url: elsewhere })).statusCode).toBe(404);
    expect((await api.call(manager, { method: 'GET', url: elsewhere })).statusCode).toBe(404);
    for (const url of [
      `/portfolios/${id}/documents/${crypto.randomUUID()}/file`,
      `/portfolios/${id}/documents/not-an-id/file`,
    ]) {
      const missing = await api.call(me, { method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({
        type: 'client_error',
        errors: [{ code: 'not_found' }],
      });
    }
  });

  it('refuses an oversized file over a real connection with the product §8 envelope', async () => {
    const me = await api.signIn('ADVISOR');
    const id = await steps.newPortfolio(me);
    const address = await api.app.listen({ port: 0, host: '127.0.0.1' });
    const data = new FormData();
    data.append('portfolio_id', id);
    const big = new Uint8Array(KYC_MAX_BYTES + 1024 * 1024).fill(0x25);
    data.append('document', new Blob([big], { type: 'application/pdf' }), 'big.pdf');
    const response = await fetch(`${address}/api/kyc-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${me.jwt}` },
      body: data,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      type: 'validation_error',
      errors: [{ attr: 'document', code: 'invalid' }],
    });
  });

  it('pages statements and tax reports newest first, inside time bounds, with details', async () => {
    const firmId = await api.createFirm();
    const me = await api.signIn('MANAGER', { firmId });
    const other = await steps.newPortfolio(me);
    const id = await steps.newPortfolio(me);
    const stored: string[] = [];
    for (let month = 1; month <= 12; month += 1) {
      const reportDate = `2025-${String(month).padStart(2, '0')}-28`;
      const row = await storeDocument(api.database.db, api.blobs, {
        firmId,
        portfolioId: id,
        kind: 'STATEMENT',
        reportDate,
        fileName: `statement-${reportDate}.pdf`,
        bytes: PDF,
      });
      expect(row.contentType).toBe('application/pdf');
      stored.push(row.id);
    }
    const tax = await storeDocument(api.database.db, api.blobs, {
      firmId,
      portfolioId: id,
      kind: 'TAX_REPORT',
      reportDate: '2025-12-31',
      fileName: 'tax-2025.pdf',
      bytes: PDF,
    });
    // A KYC upload of the same portfolio is neither a statement nor a tax report.
    expect((await upload(me, { portfolio_id: id }, pdfFile)).statusCode).toBe(201);

    const first = (await get(me, `/portfolios/${id}/statements?limit=5`)).json() as Page;
    expect(first.count).toBe(12);
    expect(first.results.map((r) => r.report_date)).toEqual([
      '2025-12-28',
      '2025-11-28',
      '2025-10-28',
      '2025-09-28',
      '2025-08-28',
    ]);
    expect(first.results.every((r) => r.portfolio_id === id)).toBe(true);
    expect(first.previous).toBeNull();
    const next = new URL(first.next ?? '');
    expect(next.origin).toMatch(/^http:\/\//);
    expect(next.pathname).toBe(`/api/portfolios/${id}/statements`);
    expect(Object.fromEntries(next.searchParams)).toEqual({ limit: '5', offset: '5' });

    const second = (await get(me, `/portfolios/${id}/statements?limit=5&offset=5`)).json() as Page;
    expect(second.results.map((r) => r.report_date)).toEqual([
      '2025-07-28',
      '2025-06-28',
      '2025-05-28',
      '2025-04-28',
      '2025-03-28',
    ]);
    expect(Object.fromEntries(new URL(second.previous ?? '').searchParams)).toEqual({
      limit: '5',
      offset: '0',
    });
    const last = (await get(me, `/portfolios/${id}/statements?limit=5&offset=10`)).json() as Page;
    expect(last.results).toHaveLength(2);
    expect(last.next).toBeNull();
    expect(new URL(last.previous ?? '').searchParams.get('offset')).toBe('5');

    const bounded = (
      await get(me, `/portfolios/${id}/statements?start_time=2025-03-01&end_time=2025-05-28`)
    ).json() as Page;
    expect(bounded.count).toBe(3);
    expect(bounded.results.map((r) => r.report_date)).toEqual([
      '2025-05-28',
      '2025-04-28',
      '2025-03-28',
    ]);
    // A timestamp bound counts by its day.
    const byTimestamp = (
      await get(me, `/portfolios/${id}/statements?start_time=2025-11-28T23:00:00Z`)
    ).json() as Page;
    expect(byTimestamp.results.map((r) => r.report_date)).toEqual(['2025-12-28', '2025-11-28']);
    for (const bad of ['limit=0', 'limit=501', 'offset=-1', 'start_time=yesterday']) {
      const refused = await get(me, `/portfolios/${id}/statements?${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toMatchObject({ type: 'validation_error' });
    }

    const taxes = (await get(me, `/portfolios/${id}/tax-reports`)).json() as Page;
    expect(taxes.count).toBe(1);
    expect(taxes.results.map((r) => r.id)).toEqual([tax.id]);
    const empty = (await get(me, `/portfolios/${other}/statements`)).json() as Page;
    expect(empty).toEqual({ count: 0, next: null, previous: null, results: [] });

    const detail = await get(me, `/portfolios/${id}/tax-reports/${tax.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: tax.id,
      portfolio_id: id,
      report_date: '2025-12-31',
    });
    const statement = await get(me, `/portfolios/${id}/statements/${stored[0]}`);
    expect(statement.json()).toMatchObject({ id: stored[0], report_date: '2025-01-28' });
    const file = await download(me, (detail.json() as { document: string }).document);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="tax-2025.pdf"');
    expect(new Uint8Array(file.rawPayload)).toEqual(PDF);

    // A statement is not a tax report, and belongs to its own portfolio only.
    expect((await get(me, `/portfolios/${id}/tax-reports/${stored[0]}`)).statusCode).toBe(404);
    expect((await get(me, `/portfolios/${id}/statements/${tax.id}`)).statusCode).toBe(404);
    expect((await get(me, `/portfolios/${other}/statements/${stored[0]}`)).statusCode).toBe(404);
    expect((await get(me, `/portfolios/${id}/statements/not-an-id`)).statusCode).toBe(404);
    const stranger = await api.signIn('ADMINISTRATOR');
    for (const url of [
      `/portfolios/${id}/statements`,
      `/portfolios/${id}/tax-reports`,
      `/portfolios/${id}/statements/${stored[0]}`,
      `/portfolios/${id}/tax-reports/${tax.id}`,
    ]) {
      expect((await get(stranger, url)).statusCode, url).toBe(404);
    }
    const outsider = await api.signIn('ADVISOR', { firmId });
    expect((await get(outsider, `/portfolios/${id}/statements`)).statusCode).toBe(404);
    expect(
      (await api.call(undefined, { method: 'GET', url: `/portfolios/${id}/statements` }))
        .statusCode,
    ).toBe(401);
  });

  it('stores generated reports only with a date and a type that matches the bytes', async () => {
    const firmId = await api.createFirm();
    const me = await api.signIn('MANAGER', { firmId });
    const id = await steps.newPortfolio(me);
    const base = { firmId, portfolioId: id, fileName: 'x.pdf', bytes: PDF };
    await expect(
      storeDocument(api.database.db, api.blobs, { ...base, kind: 'STATEMENT' }),
    ).rejects.toThrow(/date/);
    await expect(
      storeDocument(api.database.db, api.blobs, {
        ...base,
        kind: 'STATEMENT',
        reportDate: '2025-01-31',
        contentType: 'image/png',
      }),
    ).rejects.toThrow(/application\/pdf/);
    await expect(
      storeDocument(api.database.db, api.blobs, {
        ...base,
        kind: 'STATEMENT',
        reportDate: '2025-01-31',
        bytes: new TextEncoder().encode('plain text'),
      }),
    ).rejects.toThrow(/content type/);
  });
});
