import {
  DATE_RANGE_REVERSED,
  dayBefore,
  FIRM_RECORD_TABLES,
  type FirmRecordRow,
  FirmRecordsLineSchema,
  type FirmRecordTable,
} from '@ballast/contract';
import { makePortfolioInputs } from '@ballast/contract/testing';
import { schema } from '@ballast/db';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordHoldingReports } from '../src/holdings/holding-report.ts';
import { accountSteps } from './support/account-steps.ts';
import { type SignedIn, useApi } from './support/api-fixture.ts';
import { makeAssetLine, makeHoldingReport } from './support/holding-factory.ts';

const { actions, actionTransitions, advisors, documents, firms, ledgerEntries, portfolios } =
  schema;

type Entry = typeof schema.ledgerEntries.$inferInsert;

/** RFC 4180: a record ends at a CRLF outside quotes, and a quoted field doubles its quotes. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      records.push([...record, cell]);
      record = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  // Every record, the last too, ends with its CRLF.
  expect({ record, cell, quoted }).toEqual({ record: [], cell: '', quoted: false });
  return records;
}

const TRANSITION_HEADER = [
  'At (UTC)',
  'Portfolio',
  'Action',
  'Action type',
  'From state',
  'To state',
  'Actor',
  'Actor name',
  'Payload SHA-256',
];

// A name a CSV must quote: a comma, a quote and a line break.
const AWKWARD_NAME = 'O"Hara, Jr\nthe second';
const AWKWARD_REASON = 'Advisory fee, "Q1"\r\nbilled';

const today = () => new Date().toISOString().slice(0, 10);
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe("the firm's record exports", () => {
  const api = useApi();
  const steps = accountSteps(api);
  let firmId: string;
  let admin: SignedIn;
  let advisor: SignedIn;
  let ops: SignedIn;
  let first: string;
  let second: string;
  let openActionOfFirst: string;
  /** Ids of another firm, none of which any export of this firm may name. */
  let strangers: string[];
  let outsider: SignedIn;

  beforeAll(async () => {
    const { db } = api.database;
    firmId = await api.createFirm();
    admin = await api.signIn('ADMINISTRATOR', { firmId });
    advisor = await api.signIn('ADVISOR', { firmId });
    ops = await api.signIn('OPERATIONS', { firmId });
    first = await steps.openAccount(advisor, ops);
    second = await steps.openAccount(advisor, ops);
    await db.update(advisors).set({ lastName: AWKWARD_NAME }).where(eq(advisors.id, ops.advisorId));
    await db
      .update(firms)
      .set({ logo: new Uint8Array([1, 2, 3]), logoContentType: 'image/png' })
      .where(eq(firms.id, firmId));
    const [open] = await db
      .select({ id: actions.id })
      .from(actions)
      .where(eq(actions.portfolioId, first));
    openActionOfFirst = open?.id ?? '';

    // Another firm with an account, a move and a ledger row on the days exported.
    const other = await steps.team();
    outsider = await api.signIn('ADMINISTRATOR', { firmId: other.firmId });
    const otherPortfolio = await steps.openAccount(other.advisor, other.ops);
    const [otherAction] = await db
      .select({ id: actions.id })
      .from(actions)
      .where(eq(actions.portfolioId, otherPortfolio));
    strangers = [
      other.firmId,
      otherPortfolio,
      otherAction?.id ?? '',
      other.advisor.advisorId,
      other.ops.advisorId,
      outsider.advisorId,
    ];

    // Moves on the edges of 2 to 4 March 2026: the two inside are exported, the two outside not.
    const move = (at: string, hash: string, actionId = openActionOfFirst, actor = ops) => ({
      actionId,
      fromState: 'PENDING',
      toState: 'COMPLETED',
      actorAdvisorId: actor.advisorId,
      at: sql`${at}::timestamptz`,
      payloadHash: hash.repeat(64),
    });
    await db
      .insert(actionTransitions)
      .values([
        move('2026-03-05T00:00:00.000000Z', 'd'),
        move('2026-03-04T23:59:59.999999Z', 'c'),
        move('2026-03-02T00:00:00.000000Z', 'b'),
        move('2026-03-01T23:59:59.999999Z', 'a'),
        move('2026-03-03T12:00:00.000000Z', 'e', otherAction?.id, other.ops),
      ]);

    const entry = (portfolioId: string, fields: Omit<Entry, 'firmId' | 'portfolioId'>) => ({
      firmId,
      portfolioId,
      ...fields,
    });
    const cash = (day: string, seq: number, amount: string) => ({
      entryDate: day,
      seq,
      kind: 'DEPOSIT',
      reason: 'OPENING',
      cash: amount,
    });
    await db.insert(ledgerEntries).values([
      entry(first, cash('2026-03-01', 0, '1.00')),
      entry(first, {
        entryDate: '2026-03-04',
        seq: 0,
        kind: 'FEE',
        reason: AWKWARD_REASON,
        cash: '-25.00',
        fee: '25.00',
      }),
      entry(first, {
        entryDate: '2026-03-02',
        seq: 1,
        kind: 'BUY',
        reason: 'OPENING',
        instrument: '13063DLZ9',
        quantity: '100000',
        cash: '-99875.00',
        income: '-312.50',
        fee: '25.00',
      }),
      entry(first, cash('2026-03-02', 0, '250000.00')),
      entry(first, cash('2026-03-05', 0, '2.00')),
      entry(second, cash('2026-03-03', 0, '400000.00')),
      { ...entry(otherPortfolio, cash('2026-03-03', 0, '777777.77')), firmId: other.firmId },
      // Years of daily rows before the range: more than a page of the records file.
      ...Array.from({ length: 2_100 }, (_, day) =>
        entry(
          second,
          cash(new Date(Date.UTC(2019, 0, 1 + day)).toISOString().slice(0, 10), 0, '3.00'),
        ),
      ),
    ]);
    await db.transaction((tx) =>
      recordHoldingReports(tx, {
        firmId,
        portfolioId: first,
        reports: [makeHoldingReport({ report_date: '2026-03-31', assets: [makeAssetLine()] })],
      }),
    );
    await db.insert(documents).values({
      firmId,
      portfolioId: first,
      kind: 'STATEMENT',
      reportDate: '2026-03-31',
      fileName: 'statement-2026-03.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1_234,
      sha256: 'f'.repeat(64),
      blobKey: `statements/${crypto.randomUUID()}.pdf`,
    });
    // More portfolios than one query of the records file reads.
    await db.insert(portfolios).values(
      Array.from({ length: 120 }, (_, index) => ({
        firmId,
        originatingAdvisorId: advisor.advisorId,
        clientName: `Prospect ${index}`,
      })),
    );
  });

  const get = (as: SignedIn, url: string) => api.call(as, { method: 'GET', url });
  const transitionsUrl = (from: string, to: string, firm = firmId) =>
    `/firms/${firm}/records/transitions/export?from=${from}&to=${to}`;
  const ledgerUrl = (from: string, to: string, firm = firmId) =>
    `/firms/${firm}/records/ledger/export?from=${from}&to=${to}`;
  const recordsUrl = (firm = firmId) => `/firms/${firm}/records/export`;

  function expectDownload(
    response: Awaited<ReturnType<typeof get>>,
    contentType: string,
    fileName: string,
  ) {
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
  }

  it('lists the moves of the days asked, both whole UTC days included, by time', async () => {
    const response = await get(admin, transitionsUrl('2026-03-02', '2026-03-04'));
    expectDownload(response, 'text/csv; charset=utf-8', 'transitions-2026-03-02-to-2026-03-04.csv');
    const row = (at: string, hash: string) => [
      at,
      first,
      openActionOfFirst,
      'OPEN-ACCOUNT',
      'PENDING',
      'COMPLETED',
      ops.advisorId,
      `Test ${AWKWARD_NAME}`,
      hash.repeat(64),
    ];
    expect(parseCsv(response.body)).toEqual([
      TRANSITION_HEADER,
      row('2026-03-02T00:00:00.000000Z', 'b'),
      row('2026-03-04T23:59:59.999999Z', 'c'),
    ]);
  });

  it("lists the requests' real moves with who made them and the payload's hash", async () => {
    const from = dayBefore(today());
    const response = await get(admin, transitionsUrl(from, dayAfter(today())));
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(TRANSITION_HEADER);
    const stored = await api.database.db
      .select({ id: actionTransitions.id, payloadHash: actionTransitions.payloadHash })
      .from(actionTransitions)
      .innerJoin(actions, eq(actions.id, actionTransitions.actionId))
      .where(and(eq(actions.firmId, firmId), sql`${actionTransitions.at} >= ${from}::date`))
      .orderBy(actionTransitions.at, actionTransitions.id);
    expect(rows.map((row) => row[8])).toEqual(stored.map((move) => move.payloadHash));
    for (const portfolio of [first, second]) {
      const moves = rows.filter((row) => row[1] === portfolio);
      expect(moves.map((row) => [row[3], row[4], row[5], row[6]])).toEqual([
        ['OPEN-ACCOUNT', '', 'SUBMITTED', advisor.advisorId],
        ['OPEN-ACCOUNT', 'SUBMITTED', 'PENDING', ops.advisorId],
        ['OPEN-ACCOUNT', 'PENDING', 'COMPLETED', ops.advisorId],
      ]);
    }
    const times = rows.map((row) => row[0] ?? '');
    expect(times).toEqual([...times].sort());
    expect(rows).toHaveLength(6);
  });

  it("lists every portfolio's transactions of the days asked, as each portfolio's own export does", async () => {
    const response = await get(admin, ledgerUrl('2026-03-02', '2026-03-04'));
    expectDownload(response, 'text/csv; charset=utf-8', 'ledger-2026-03-02-to-2026-03-04.csv');
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'Portfolio',
      'Date',
      'Kind',
      'Reason',
      'Instrument',
      'Description',
      'Quantity',
      'Amount',
      'Income',
      'Fee',
    ]);
    // By portfolio (in id order), then day and sequence.
    expect(rows.map((row) => row[0])).toEqual(
      first < second ? [first, first, first, second] : [second, first, first, first],
    );
    const ofFirst = rows.filter((row) => row[0] === first).map((row) => row.slice(1));
    expect(ofFirst).toEqual([
      ['2026-03-02', 'DEPOSIT', 'OPENING', '', 'Deposit', '', '250000.00', '0.00', '0.00'],
      [
        '2026-03-02',
        'BUY',
        'OPENING',
        '13063DLZ9',
        'Bought California St GO 4.000% 2034',
        '100000',
        '-99875.00',
        '-312.50',
        '25.00',
      ],
      ['2026-03-04', 'FEE', AWKWARD_REASON, '', 'Fee', '', '-25.00', '0.00', '25.00'],
    ]);
    const own = await get(
      advisor,
      `/portfolios/${first}/transactions/export?from=2026-03-02&to=2026-03-04`,
    );
    expect(parseCsv(own.body).slice(1)).toEqual(ofFirst);
    expect(rows.filter((row) => row[0] === second).map((row) => row.slice(1))).toEqual([
      ['2026-03-03', 'DEPOSIT', 'OPENING', '', 'Deposit', '', '400000.00', '0.00', '0.00'],
    ]);
    for (const id of strangers) expect(response.body).not.toContain(id);
    expect(response.body).not.toContain('777777.77');
  });

  it('refuses a malformed day or a range that ends before it starts, at that field', async () => {
    const cases: [string, string, string | null][] = [
      ['?from=2026-13-01&to=2026-12-31', 'from', null],
      ['?from=2026-01-01', 'to', null],
      ['?from=2026-07-01&to=2026-06-30', 'to', DATE_RANGE_REVERSED],
    ];
    for (const records of ['transitions', 'ledger']) {
      for (const [query, attr, detail] of cases) {
        const url = `/firms/${firmId}/records/${records}/export${query}`;
        const response = await get(admin, url);
        expect(response.statusCode, url).toBe(400);
        const body = response.json() as {
          type: string;
          errors: { attr: string; detail: string }[];
        };
        expect(body.type, url).toBe('validation_error');
        expect(
          body.errors.map((error) => error.attr),
          url,
        ).toEqual([attr]);
        if (detail) expect(body.errors[0]?.detail, url).toBe(detail);
      }
    }
  });

  it("is the administrator's alone: 403 to the firm's other roles, 404 to another firm", async () => {
    const urls = [
      transitionsUrl('2026-03-02', '2026-03-04'),
      ledgerUrl('2026-03-02', '2026-03-04'),
      recordsUrl(),
    ];
    const others = [
      advisor,
      ops,
      await api.signIn('MANAGER', { firmId }),
      await api.signIn('CIO', { firmId }),
    ];
    for (const url of urls) {
      for (const caller of others) {
        const response = await get(caller, url);
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toMatchObject({
          type: 'client_error',
          errors: [{ code: 'permission_denied', attr: null }],
        });
      }
      const response = await get(outsider, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ errors: [{ code: 'not_found', attr: null }] });
    }
    // Nor may the other firm's administrator read its own firm's records through this firm's id.
    const own = await get(outsider, recordsUrl(outsider.firmId));
    expect(own.statusCode).toBe(200);
    for (const id of [firmId, first, second, admin.advisorId]) expect(own.body).not.toContain(id);
  });

  it("writes each export to the firm's audit trail: who took which records of which days", async () => {
    await get(admin, transitionsUrl('2026-01-01', '2026-01-31'));
    await get(admin, ledgerUrl('2026-02-01', '2026-02-28'));
    await get(admin, recordsUrl());
    const trail = await get(admin, `/firms/${firmId}/audit-events?limit=3`);
    expect(trail.statusCode, trail.body).toBe(200);
    const events = (
      trail.json() as {
        results: {
          kind: string;
          actor: { advisor: string } | null;
          subject: string;
          after: unknown;
        }[];
      }
    ).results;
    expect(
      events.map(({ kind, actor, after }) => ({ kind, actor: actor?.advisor, after })),
    ).toEqual([
      { kind: 'RECORDS_EXPORTED', actor: admin.advisorId, after: { records: 'all' } },
      {
        kind: 'RECORDS_EXPORTED',
        actor: admin.advisorId,
        after: { records: 'ledger_entries', from: '2026-02-01', to: '2026-02-28' },
      },
      {
        kind: 'RECORDS_EXPORTED',
        actor: admin.advisorId,
        after: { records: 'action_transitions', from: '2026-01-01', to: '2026-01-31' },
      },
    ]);
    expect(events[2]?.subject).toBe('Request transitions, 2026-01-01 to 2026-01-31');
  });

  it('exports everything the firm owns, its client data opened, and nothing of another firm', async () => {
    const response = await get(admin, recordsUrl());
    expectDownload(response, 'application/x-ndjson', `firm-records-${today()}.ndjson`);
    const lines = response.body.split('\n');
    expect(lines.at(-1)).toBe('');
    const parsed = lines.slice(0, -1).map((line) => FirmRecordsLineSchema.parse(JSON.parse(line)));
    const [header, ...rest] = parsed;
    const end = rest.pop();
    expect(header).toMatchObject({
      record: 'header',
      format: 'ballast-firm-records',
      version: 1,
      firm_id: firmId,
      exported_by: admin.advisorId,
    });
    if (end?.record !== 'end') throw new Error(`the file ends with ${JSON.stringify(end)}`);
    const rows = rest as FirmRecordRow[];
    const of = (table: FirmRecordTable) =>
      rows.filter((row) => row.record === table).map((row) => row.data);
    // Each table's rows come together, in the order the contract lists them.
    const order = [...new Set(rows.map((row) => row.record))];
    expect(order).toEqual(FIRM_RECORD_TABLES.filter((table) => order.includes(table)));
    for (const table of FIRM_RECORD_TABLES) expect(end.counts[table], table).toBe(of(table).length);
    for (const row of rows) {
      if ('firm_id' in row.data) expect(row.data.firm_id, row.record).toBe(firmId);
    }
    for (const id of strangers) expect(response.body).not.toContain(id);
    expect(response.body).not.toContain('777777.77');

    expect(of('firms')).toEqual([
      expect.objectContaining({ id: firmId, logo: 'AQID', logo_content_type: 'image/png' }),
    ]);
    const { db } = api.database;
    const countOf = async (table: typeof portfolios | typeof ledgerEntries | typeof advisors) =>
      (await db.select({ n: count() }).from(table).where(eq(table.firmId, firmId)))[0]?.n;
    expect(of('portfolios')).toHaveLength(122);
    expect(of('portfolios')).toHaveLength((await countOf(portfolios)) ?? -1);
    expect(of('advisors')).toHaveLength((await countOf(advisors)) ?? -1);
    expect(of('ledger_entries')).toHaveLength(2_106);
    expect(of('ledger_entries')).toHaveLength((await countOf(ledgerEntries)) ?? -1);
    const entryKeys = of('ledger_entries').map(
      (entry) => `${entry.portfolio_id} ${entry.entry_date} ${entry.seq}`,
    );
    expect(new Set(entryKeys).size).toBe(2_106);
    expect(of('ledger_entries')).toContainEqual(
      expect.objectContaining({
        portfolio_id: first,
        reason: AWKWARD_REASON,
        cash: '-25.00',
        fee: '25.00',
      }),
    );

    const { client_data, strategy } = makePortfolioInputs();
    const versions = of('client_data_versions');
    expect(versions.map((version) => version.portfolio_id).sort()).toEqual([first, second].sort());
    for (const version of versions) {
      expect(version).not.toHaveProperty('ciphertext');
      expect(version.client_data).toMatchObject({
        owners: [
          expect.objectContaining({
            first_name: client_data.owners[0]?.first_name,
            taxid: client_data.owners[0]?.taxid,
          }),
        ],
      });
    }
    const applications = of('onboarding_applications');
    expect(applications).toHaveLength(2);
    for (const application of applications) {
      expect(application).not.toHaveProperty('client_input_ciphertext');
      expect(application.client_input).toMatchObject({
        owners: [expect.objectContaining({ taxid: client_data.owners[0]?.taxid })],
      });
    }
    expect(of('strategy_versions')).toContainEqual(
      expect.objectContaining({ portfolio_id: first, style: strategy.style }),
    );
    expect(of('custodian_accounts')).toHaveLength(2);
    expect(of('portfolio_advisors').map((link) => link.advisor_id)).toContain(advisor.advisorId);

    expect(
      of('actions')
        .map((action) => action.portfolio_id)
        .sort(),
    ).toEqual([first, second].sort());
    const moves = of('action_transitions');
    expect(moves).toHaveLength(6 + 4);
    expect(moves).toContainEqual(
      expect.objectContaining({
        action_id: openActionOfFirst,
        at: '2026-03-01T23:59:59.999999Z',
        payload_hash: 'a'.repeat(64),
      }),
    );

    const [report] = of('holding_reports');
    expect(report).toMatchObject({ portfolio_id: first, report_date: '2026-03-31' });
    expect(of('asset_lines')).toEqual([
      expect.objectContaining({ report_id: report?.id, cusip: '13063DLZ9', position: 0 }),
    ]);
    expect(of('documents')).toEqual([
      expect.objectContaining({
        portfolio_id: first,
        kind: 'STATEMENT',
        file_name: 'statement-2026-03.pdf',
        sha256: 'f'.repeat(64),
        size_bytes: 1_234,
      }),
    ]);
    // The trail was written before it was read, so the file records its own export.
    expect(of('firm_audit_events').at(-1)).toMatchObject({
      kind: 'RECORDS_EXPORTED',
      actor_advisor_id: admin.advisorId,
      after: { records: 'all' },
    });
  });
});
