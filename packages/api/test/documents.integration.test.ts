import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeDocument } from '../src/documents/document-store.ts';
import { KYC_MAX_BYTES } from '../src/routes/document-routes.ts';
import { accountSteps } from './support/account-steps.ts';
import { type SignedIn, startApi } from './support/api-fixture.ts';

type Api = Awaited<ReturnType<typeof startApi>>;
type Page = {
  count: number;
  next: string | null;
  previous: string | null;
  results: { id: string; report_date: string; document: string }[];
};

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82,
]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);

/** A multipart body as a browser would send it. */
async function form(
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type: string },
) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append('document', new Blob([file.bytes], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

describe('documents', () => {
  let api: Api;
  let steps: ReturnType<typeof accountSteps>;

  beforeAll(async () => {
    api = await startApi();
    steps = accountSteps(api);
  });

  afterAll(() => api?.stop());

  async function upload(
    as: SignedIn | undefined,
    fields: Record<string, string>,
    file?: Parameters<typeof form>[1],
  ) {
    return api.call(as, { method: 'POST', url: '/kyc-documents', ...(await form(fields, file)) });
  }

  function download(as: SignedIn, url: string) {
    return api.call(as, { method: 'GET', url: new URL(url).pathname.replace(/^\/api/, '') });
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
      const body = response.json() as { id: string; portfolio_id: string; document: string };
      expect(body.portfolio_id).toBe(id);
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
    }
  });

  it('refuses a disguised, empty, missing or oversized file in the §8 format', async () => {
    const me = await api.signIn('ADVISOR');
    const id = await steps.newPortfolio(me);
    const text = new TextEncoder().encode('just some text, honestly a PDF');
    const cases = [
      [{ bytes: text, name: 'fake.pdf', type: 'application/pdf' }, 'invalid'],
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
      expect(response.json()).toMatchObject({
        type: 'validation_error',
        errors: [{ attr: 'document', code }],
      });
      expect(response.body).not.toMatch(/at |stack|Error:/);
    }
    const json = await api.call(me, {
      method: 'POST',
      url: '/kyc-documents',
      payload: { portfolio_id: id },
    });
    expect(json.statusCode).toBe(400);
    const badId = await upload(
      me,
      { portfolio_id: 'nope' },
      { bytes: PDF, name: 'a.pdf', type: 'application/pdf' },
    );
    expect(badId.json()).toMatchObject({ errors: [{ attr: 'portfolio_id' }] });
    const nul = await upload(
      me,
      { portfolio_id: `${id}\u0000` },
      { bytes: PDF, name: 'a.pdf', type: 'application/pdf' },
    );
    expect(nul.json()).toMatchObject({
      errors: [{ attr: 'portfolio_id', code: 'null_characters_not_allowed' }],
    });
  });

  it('keeps uploads and downloads inside the firm and the advisor’s portfolios', async () => {
    const firmId = await api.createFirm();
    const me = await api.signIn('ADVISOR', { firmId });
    const colleague = await api.signIn('ADVISOR', { firmId });
    const ops = await api.signIn('OPERATIONS', { firmId });
    const stranger = await api.signIn('ADMINISTRATOR');
    const id = await steps.newPortfolio(me);
    const pdf = { bytes: PDF, name: 'a.pdf', type: 'application/pdf' };
    const stored = (await upload(me, { portfolio_id: id }, pdf)).json() as { document: string };

    expect((await upload(undefined, { portfolio_id: id }, pdf)).statusCode).toBe(401);
    expect((await upload(stranger, { portfolio_id: id }, pdf)).statusCode).toBe(404);
    expect((await upload(colleague, { portfolio_id: id }, pdf)).statusCode).toBe(404);
    expect((await upload(ops, { portfolio_id: id }, pdf)).statusCode).toBe(403);
    expect((await download(stranger, stored.document)).statusCode).toBe(404);
    expect((await download(colleague, stored.document)).statusCode).toBe(404);
    expect((await download(ops, stored.document)).statusCode).toBe(200);
    const anonymous = await api.call(undefined, {
      method: 'GET',
      url: new URL(stored.document).pathname.replace(/^\/api/, ''),
    });
    expect(anonymous.statusCode).toBe(401);
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
        contentType: 'application/pdf',
        bytes: PDF,
      });
      stored.push(row.id);
    }
    const tax = await storeDocument(api.database.db, api.blobs, {
      firmId,
      portfolioId: id,
      kind: 'TAX_REPORT',
      reportDate: '2025-12-31',
      fileName: 'tax-2025.pdf',
      contentType: 'application/pdf',
      bytes: PDF,
    });

    const first = (
      await api.call(me, { method: 'GET', url: `/portfolios/${id}/statements?limit=5` })
    ).json() as Page;
    expect(first.count).toBe(12);
    expect(first.results.map((r) => r.report_date)).toEqual([
      '2025-12-28',
      '2025-11-28',
      '2025-10-28',
      '2025-09-28',
      '2025-08-28',
    ]);
    expect(new URL(first.next ?? '').searchParams.get('offset')).toBe('5');
    expect(first.previous).toBeNull();
    const bounded = (
      await api.call(me, {
        method: 'GET',
        url: `/portfolios/${id}/statements?start_time=2025-03-01&end_time=2025-05-28`,
      })
    ).json() as Page;
    expect(bounded.results.map((r) => r.report_date)).toEqual([
      '2025-05-28',
      '2025-04-28',
      '2025-03-28',
    ]);

    const taxes = (
      await api.call(me, { method: 'GET', url: `/portfolios/${id}/tax-reports` })
    ).json() as Page;
    expect(taxes.results.map((r) => r.id)).toEqual([tax.id]);
    const detail = await api.call(me, {
      method: 'GET',
      url: `/portfolios/${id}/tax-reports/${tax.id}`,
    });
    expect(detail.json()).toMatchObject({ id: tax.id, report_date: '2025-12-31' });
    const file = await download(me, (detail.json() as { document: string }).document);
    expect(new Uint8Array(file.rawPayload)).toEqual(PDF);

    // A statement is not a tax report, and belongs to its own portfolio only.
    expect(
      (await api.call(me, { method: 'GET', url: `/portfolios/${id}/tax-reports/${stored[0]}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api.call(me, { method: 'GET', url: `/portfolios/${other}/statements/${stored[0]}` }))
        .statusCode,
    ).toBe(404);
    const stranger = await api.signIn('ADMINISTRATOR');
    expect(
      (
        await api.call(stranger, {
          method: 'GET',
          url: `/portfolios/${id}/statements/${stored[0]}`,
        })
      ).statusCode,
    ).toBe(404);
  });
});
