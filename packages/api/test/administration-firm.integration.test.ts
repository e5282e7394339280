/**
 * The firm's profile, logo and custodians as its administrator runs them, and the audit trail
 * every change is written to (decision 022).
 */
import {
  custodianNotOffered,
  FIRM_NAME_REQUIRED,
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE,
  LOGO_TYPE,
  LOGO_WHOLE_FORM,
  SELECT_VALID_OPTION,
} from '@ballast/contract';
import { makeCustodianInput, makePortfolioInputs } from '@ballast/contract/testing';
import { schema } from '@ballast/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from './support/account-steps.ts';
import { type SignedIn, useApi } from './support/api-fixture.ts';
import { multipartForm } from './support/multipart-form.ts';

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82,
]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>';
const bytesOf = (text: string) => new TextEncoder().encode(text);

type AuditEvent = {
  kind: string;
  subject: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actor: { advisor: string } | null;
};
type Page = { count: number; next: string | null; previous: string | null; results: AuditEvent[] };

describe('the firm’s profile, logo, custodians and audit trail', () => {
  const api = useApi();
  const steps = accountSteps(api);
  let admin: SignedIn;
  let advisor: SignedIn;
  let ops: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    admin = await api.signIn('ADMINISTRATOR');
    advisor = await api.signIn('ADVISOR', { firmId: admin.firmId });
    ops = await api.signIn('OPERATIONS', { firmId: admin.firmId });
    stranger = await api.signIn('ADMINISTRATOR');
  });

  const firmUrl = () => `/firms/${admin.firmId}`;

  async function latestEvents(limit: number): Promise<AuditEvent[]> {
    const response = await api.call(admin, {
      method: 'GET',
      url: `${firmUrl()}/audit-events?limit=${limit}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Page).results;
  }

  async function uploadLogo(as: SignedIn, file: { bytes: Uint8Array; name: string; type: string }) {
    return api.call(as, {
      method: 'PUT',
      url: `${firmUrl()}/logo`,
      ...(await multipartForm({}, { field: 'logo', ...file })),
    });
  }

  const logoAs = (as: SignedIn) => api.call(as, { method: 'GET', url: `${firmUrl()}/logo` });

  it('lets every user read the firm, and its administrator change its name and support contacts', async () => {
    const read = await api.call(advisor, { method: 'GET', url: firmUrl() });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id: admin.firmId,
      support_phone: '',
      support_email: '',
      has_logo: false,
    });
    const profile = {
      name: 'Harbor Wealth',
      support_phone: '(800)-555-0199',
      support_email: 'help@harbor.test',
    };
    const changed = await api.call(admin, { method: 'PUT', url: firmUrl(), payload: profile });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await api.call(advisor, { method: 'GET', url: firmUrl() })).json()).toMatchObject(
      profile,
    );
    const [event] = await latestEvents(1);
    expect(event).toMatchObject({
      kind: 'FIRM_CHANGED',
      subject: 'Harbor Wealth',
      after: profile,
      actor: { advisor: admin.advisorId },
    });

    // Saving the same values again changes nothing, and writes nothing to the trail.
    await api.call(admin, { method: 'PUT', url: firmUrl(), payload: profile });
    const renamed = await api.call(admin, {
      method: 'PUT',
      url: firmUrl(),
      payload: { ...profile, name: 'Harbor Wealth Partners' },
    });
    expect(renamed.statusCode).toBe(200);
    const [latest, previous] = await latestEvents(2);
    expect(latest).toMatchObject({
      before: { name: 'Harbor Wealth' },
      after: { name: 'Harbor Wealth Partners' },
    });
    expect(previous?.after).toEqual(profile);

    const bad = await api.call(admin, {
      method: 'PUT',
      url: firmUrl(),
      payload: { name: ' ', support_phone: 'call us', support_email: 'nobody' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      type: 'validation_error',
      errors: expect.arrayContaining([
        expect.objectContaining({ attr: 'name', detail: FIRM_NAME_REQUIRED }),
        expect.objectContaining({ attr: 'support_phone' }),
        expect.objectContaining({ attr: 'support_email' }),
      ]),
    });
  });

  it('takes PNG, JPEG and SVG logos judged by content, served under a policy that runs nothing', async () => {
    const png = await uploadLogo(admin, { bytes: PNG, name: 'logo.png', type: 'image/png' });
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json()).toMatchObject({ has_logo: true });
    const served = await logoAs(advisor);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, no-cache');
    expect(served.rawPayload).toEqual(Buffer.from(PNG));
    const pngTag = String(served.headers.etag);

    const jpeg = await uploadLogo(admin, { bytes: JPEG, name: 'logo.jpg', type: 'image/jpeg' });
    expect(jpeg.statusCode).toBe(200);
    // The header's conditional request sees the new logo at once: the old tag no longer matches.
    const revalidated = await api.call(advisor, {
      method: 'GET',
      url: `${firmUrl()}/logo`,
      headers: { 'if-none-match': pngTag },
    });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.headers['content-type']).toBe('image/jpeg');
    expect(revalidated.headers.etag).not.toBe(pngTag);

    const svg = await uploadLogo(admin, { bytes: bytesOf(SVG), name: 'mark', type: '' });
    expect(svg.statusCode, svg.body).toBe(200);
    const servedSvg = await logoAs(advisor);
    expect(servedSvg.headers['content-type']).toBe('image/svg+xml');
    expect(servedSvg.body).toBe(SVG);
    expect(servedSvg.headers['content-security-policy']).toContain("default-src 'none'");

    // A PNG named and declared as an SVG is what its bytes say it is.
    const disguised = await uploadLogo(admin, {
      bytes: PNG,
      name: 'logo.svg',
      type: 'image/svg+xml',
    });
    expect(disguised.statusCode).toBe(200);
    expect((await logoAs(advisor)).headers['content-type']).toBe('image/png');

    const changes = (await latestEvents(4)).map((event) => event.after);
    expect(changes).toEqual([
      { content_type: 'image/png', bytes: PNG.byteLength },
      { content_type: 'image/svg+xml', bytes: bytesOf(SVG).byteLength },
      { content_type: 'image/jpeg', bytes: JPEG.byteLength },
      { content_type: 'image/png', bytes: PNG.byteLength },
    ]);
  });

  it('refuses a logo that is not a plain image, or too large, at the logo field', async () => {
    const before = await logoAs(advisor);
    const refusals = [
      {
        file: {
          bytes: bytesOf('<html><body>hi</body></html>'),
          name: 'logo.png',
          type: 'image/png',
        },
        detail: LOGO_TYPE,
      },
      {
        file: {
          bytes: bytesOf(SVG.replace('<rect', '<script>alert(1)</script><rect')),
          name: 'logo.svg',
          type: 'image/svg+xml',
        },
        detail: LOGO_TYPE,
      },
      {
        file: {
          bytes: bytesOf(SVG.replace('<rect', '<rect onclick="steal()"')),
          name: 'logo.svg',
          type: 'image/svg+xml',
        },
        detail: LOGO_TYPE,
      },
      {
        file: {
          bytes: (() => {
            const large = new Uint8Array(LOGO_MAX_BYTES + 1);
            large.set(PNG);
            return large;
          })(),
          name: 'logo.png',
          type: 'image/png',
        },
        detail: LOGO_TOO_LARGE,
      },
    ];
    for (const { file, detail } of refusals) {
      const response = await uploadLogo(admin, file);
      expect(response.statusCode, file.name).toBe(400);
      expect(response.json()).toEqual({
        type: 'validation_error',
        errors: [{ code: 'invalid', detail, attr: 'logo' }],
      });
    }
    const missing = await api.call(admin, {
      method: 'PUT',
      url: `${firmUrl()}/logo`,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ attr: 'logo' }] });
    const boundary = '----ballast-logo-boundary';
    for (const [contentType, payload] of [
      ['multipart/form-data', '{}'],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nno header ends here`],
    ]) {
      const malformed = await api.call(admin, {
        method: 'PUT',
        url: `${firmUrl()}/logo`,
        headers: { 'content-type': contentType },
        payload,
      });
      expect(malformed.statusCode, payload).toBe(400);
      expect(malformed.json()).toEqual({
        type: 'validation_error',
        errors: [{ code: 'invalid', detail: LOGO_WHOLE_FORM, attr: 'logo' }],
      });
    }
    const asAdvisor = await uploadLogo(advisor, { bytes: PNG, name: 'a.png', type: 'image/png' });
    expect(asAdvisor.statusCode).toBe(403);
    const asStranger = await uploadLogo(stranger, { bytes: PNG, name: 'a.png', type: 'image/png' });
    expect(asStranger.statusCode).toBe(404);
    // The logo in place is untouched by every refusal.
    expect((await logoAs(advisor)).headers.etag).toBe(before.headers.etag);
  });

  it('removes the logo, once', async () => {
    const removed = await api.call(admin, { method: 'DELETE', url: `${firmUrl()}/logo` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ has_logo: false });
    expect((await logoAs(advisor)).statusCode).toBe(404);
    const again = await api.call(admin, { method: 'DELETE', url: `${firmUrl()}/logo` });
    expect(again.statusCode).toBe(200);
    const [event, earlier] = await latestEvents(2);
    expect(event).toMatchObject({
      kind: 'LOGO_REMOVED',
      before: { content_type: 'image/png', bytes: PNG.byteLength },
      after: null,
    });
    expect(earlier?.kind).toBe('LOGO_CHANGED');
  });

  it('stops offering an inactive custodian for new accounts and custodian changes, not for drafts', async () => {
    const opened = await steps.openAccount(advisor, ops);
    const custodians = (await api.call(advisor, { method: 'GET', url: '/custodians' })).json() as {
      id: string;
      name: string;
    }[];
    const fidelity = custodians.find((custodian) => custodian.name === 'Fidelity');
    const patch = (as: SignedIn, payload: object) =>
      api.call(as, { method: 'PATCH', url: `/custodians/${fidelity?.id}`, payload });
    const withdrawn = { product: 'FIWS-9000', description: 'Closed to new accounts.', status: 'I' };
    expect((await patch(advisor, withdrawn)).statusCode).toBe(403);
    expect((await patch(stranger, withdrawn)).statusCode).toBe(404);
    const changed = await patch(admin, withdrawn);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Fidelity', ...withdrawn });

    const active = (await api.call(advisor, { method: 'GET', url: '/custodians?status=A' })).json();
    expect(active).toEqual([expect.objectContaining({ name: 'Schwab' })]);
    // Another firm's custodians are its own, and still offered.
    const elsewhere = (
      await api.call(stranger, { method: 'GET', url: '/custodians?status=A' })
    ).json() as { name: string }[];
    expect(elsewhere.map((custodian) => custodian.name)).toEqual(['Fidelity', 'Schwab']);

    // A draft naming it still saves; submitting it is refused at the custodian's name.
    const draft = await steps.newPortfolio(advisor);
    const saved = await api.call(advisor, {
      method: 'PUT',
      url: `/portfolios/${draft}/inputs`,
      payload: makePortfolioInputs(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const openDraft = () =>
      api.call(advisor, {
        method: 'POST',
        url: `/portfolios/${draft}/open`,
        payload: { action_payload: {} },
      });
    const open = await openDraft();
    expect(open.statusCode).toBe(400);
    expect(open.json()).toEqual({
      type: 'validation_error',
      errors: [
        {
          code: 'invalid_choice',
          detail: custodianNotOffered('Fidelity'),
          attr: 'custodians.0.custodian_name',
        },
      ],
    });
    expect(await steps.statusOf(advisor, draft)).toBe('INCOMPLETE');

    const moveTo = (accounts: object[]) =>
      steps.request(advisor, opened, 'update-custodian', accounts);
    const refused = await moveTo([
      makeCustodianInput({ custodian_name: 'Schwab', account_number: 'ABCD-1234' }),
      makeCustodianInput(),
      makeCustodianInput({ custodian_name: 'Vanguard', account_number: 'V-1' }),
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      type: 'validation_error',
      errors: [
        {
          code: 'invalid_choice',
          detail: custodianNotOffered('Fidelity'),
          attr: 'action_payload.1.custodian_name',
        },
        {
          code: 'invalid_choice',
          detail: SELECT_VALID_OPTION,
          attr: 'action_payload.2.custodian_name',
        },
      ],
    });
    const accepted = await moveTo([
      makeCustodianInput({ custodian_name: 'Schwab', account_number: 'ABCD-1234' }),
    ]);
    expect(accepted.statusCode, accepted.body).toBe(201);

    const [event] = await latestEvents(1);
    expect(event).toMatchObject({
      kind: 'CUSTODIAN_CHANGED',
      subject: 'Fidelity',
      before: { status: 'A', product: 'FIWS-7821' },
      after: withdrawn,
    });
    const restored = await patch(admin, { ...withdrawn, status: 'A' });
    expect(restored.statusCode).toBe(200);
    const reopened = await openDraft();
    expect(reopened.statusCode, reopened.body).toBe(201);
  });

  it('pages the audit trail newest first, with the actor, or none for the first-run command', async () => {
    const firm = await api.signIn('ADMINISTRATOR');
    await api.database.db.insert(schema.firmAuditEvents).values({
      firmId: firm.firmId,
      kind: 'FIRM_CREATED',
      actorAdvisorId: null,
      subject: 'the firm',
      before: null,
      after: { name: 'New firm' },
    });
    for (const name of ['One', 'Two', 'Three']) {
      const response = await api.call(firm, {
        method: 'PUT',
        url: `/firms/${firm.firmId}`,
        payload: { name, support_phone: '', support_email: '' },
      });
      expect(response.statusCode).toBe(200);
    }
    const pageAt = async (offset: number) => {
      const response = await api.call(firm, {
        method: 'GET',
        url: `/firms/${firm.firmId}/audit-events?limit=3&offset=${offset}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Page;
    };
    const first = await pageAt(0);
    expect(first.count).toBe(4);
    expect(first.previous).toBeNull();
    expect(first.next).toMatch(/\/api\/firms\/[0-9a-f-]+\/audit-events\?limit=3&offset=3$/);
    expect(first.results.map((event) => event.after?.name)).toEqual(['Three', 'Two', 'One']);
    expect(first.results[0]?.actor).toMatchObject({
      advisor: firm.advisorId,
      email: firm.email,
      first_name: 'Test',
    });
    const second = await pageAt(3);
    expect(second.next).toBeNull();
    expect(second.previous).not.toBeNull();
    expect(second.results).toEqual([
      expect.objectContaining({ kind: 'FIRM_CREATED', actor: null, subject: 'the firm' }),
    ]);
    // Another firm's trail holds none of these.
    const other = (await latestEvents(50)).map((event) => event.subject);
    expect(other).not.toContain('the firm');
    const bad = await api.call(firm, {
      method: 'GET',
      url: `/firms/${firm.firmId}/audit-events?limit=0`,
    });
    expect(bad.statusCode).toBe(400);
  });
});
