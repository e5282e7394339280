import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { ACTION_STATES, PORTFOLIO_STATUSES } from '@ballast/contract';
import { createDirectoryBlobStore, createSecretBox, schema } from '@ballast/db';
import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import { asc } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing.ts';
import { DEMO_USERS } from './demo-firm.ts';
import { type SeedScenario, seedScenario } from './scenarios.ts';

const AS_OF = '2026-01-30';
const DEMO_TEST_HISTORY_DAYS = 70;
/** Seeding values every day of the history; on a busy two-core machine that takes minutes. */
const SEEDING_MS = 900_000;

describe('seed scenarios', () => {
  const opened: { dispose(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const item of opened.splice(0).reverse()) await item.dispose();
  });

  async function seeded(scenario: SeedScenario, largeCount?: number, asOf = AS_OF) {
    const database: TestDatabase = await createTestDatabase(process.env.DATABASE_URL);
    const built = await buildTestApp(database);
    opened.push(database, { dispose: () => built.app.close() });
    const result = await seedScenario(scenario, {
      database,
      identity: built.identity,
      publicToken: built.publicToken,
      box: createSecretBox(built.encryptionKey),
      blobs: createDirectoryBlobStore(join(built.config.dataDir, 'blobs')),
      asOf,
      // Across a year end, so the job makes a tax report as well as the months' statements; the
      // demo's full three years take minutes that `npm start` spends once and CI need not.
      demoHistoryDays: DEMO_TEST_HISTORY_DAYS,
      ...(largeCount ? { largeCount } : {}),
    });
    return { database, built, result };
  }

  /** What a scenario made, without the ids and clocks that differ between runs. */
  async function digest(database: TestDatabase): Promise<string> {
    const { db } = database;
    const portfolios = await db
      .select({
        name: schema.portfolios.clientName,
        status: schema.portfolios.status,
        nav: schema.portfolios.currentNav,
        dnt: schema.portfolios.userDnt,
        inception: schema.portfolios.inceptionDate,
      })
      .from(schema.portfolios)
      .orderBy(asc(schema.portfolios.clientName), asc(schema.portfolios.currentNav));
    const actions = await db
      .select({ type: schema.actions.actionType, state: schema.actions.state })
      .from(schema.actions)
      .orderBy(asc(schema.actions.actionType), asc(schema.actions.state));
    const lines = await db
      .select({ cusip: schema.assetLines.cusip, value: schema.assetLines.currentValueUsd })
      .from(schema.assetLines)
      .orderBy(asc(schema.assetLines.cusip), asc(schema.assetLines.currentValueUsd));
    const reports = await db
      .select({ date: schema.holdingReports.reportDate, nav: schema.holdingReports.nav })
      .from(schema.holdingReports)
      .orderBy(asc(schema.holdingReports.reportDate), asc(schema.holdingReports.nav));
    return createHash('sha256')
      .update(JSON.stringify({ portfolios, actions, lines, reports }))
      .digest('hex');
  }

  it(
    'makes the same minimal firm every time',
    async () => {
      const one = await seeded('minimal');
      const two = await seeded('minimal');
      expect(one.result?.portfolios).toBe(2);
      expect(await digest(one.database)).toBe(await digest(two.database));
      // A second run into the same database adds nothing.
      const again = await seedScenario('minimal', {
        database: one.database,
        identity: one.built.identity,
        publicToken: one.built.publicToken,
        box: createSecretBox(one.built.encryptionKey),
        blobs: createDirectoryBlobStore(join(one.built.config.dataDir, 'blobs')),
        asOf: AS_OF,
      });
      expect(again?.portfolios).toBe(2);
      const rows = await one.database.db.select().from(schema.portfolios);
      expect(rows).toHaveLength(2);
    },
    SEEDING_MS,
  );

  it(
    'seeds a demo firm over every status, action state and strategy kind, its history valued by the job',
    async () => {
      const { database, built } = await seeded('demo');
      const { db } = database;
      const portfolios = await db.select().from(schema.portfolios);
      expect(portfolios.length).toBeGreaterThanOrEqual(55);
      expect(new Set(portfolios.map((p) => p.status))).toEqual(new Set(PORTFOLIO_STATUSES));
      const actions = await db.select().from(schema.actions);
      expect(new Set(actions.map((a) => a.state))).toEqual(new Set(ACTION_STATES));
      for (const action of actions.filter((a) => a.state.startsWith('NEEDS-ACTION'))) {
        expect(action.needsActionPayload).toMatchObject({ instructions: expect.any(String) });
      }
      const transitions = await db.select().from(schema.actionTransitions);
      expect(new Set(transitions.map((t) => t.actionId))).toEqual(
        new Set(actions.map((a) => a.id)),
      );
      const styles = await db
        .select({ style: schema.strategyVersions.style })
        .from(schema.strategyVersions);
      expect(styles.some((s) => s.style === 'B')).toBe(true);
      expect(styles.some((s) => s.style !== 'B')).toBe(true);
      const reports = await db
        .select({ date: schema.holdingReports.reportDate })
        .from(schema.holdingReports);
      const dates = reports.map((r) => r.date).sort();
      expect(dates.at(-1)).toBe(AS_OF);
      // Opened 70 days before the as-of date, on Friday 2025-11-21, the first day valued.
      expect(dates[0]).toBe('2025-11-21');
      const documents = await db.select().from(schema.documents);
      expect(documents.filter((d) => d.kind === 'STATEMENT').map((d) => d.reportDate)).toContain(
        '2026-01-30',
      );
      expect(documents.filter((d) => d.kind === 'TAX_REPORT').map((d) => d.reportDate)).toContain(
        '2025-12-31',
      );
      const ledger = await db
        .select({ kind: schema.ledgerEntries.kind })
        .from(schema.ledgerEntries);
      for (const kind of ['DEPOSIT', 'WITHDRAWAL', 'BUY', 'COUPON', 'STAKING_REWARD']) {
        expect(ledger.some((entry) => entry.kind === kind)).toBe(true);
      }

      // The demo advisor signs in and sees their own book, with figures.
      const user = DEMO_USERS.find((u) => u.role === 'ADVISOR');
      const signIn = await built.app.inject({
        method: 'POST',
        url: '/sdk/v1/passwords/authenticate',
        headers: {
          authorization: `Basic ${Buffer.from(`${built.publicToken}:${built.publicToken}`).toString('base64')}`,
        },
        payload: { email: user?.email, password: user?.password, session_duration_minutes: 60 },
      });
      const jwt = (signIn.json() as { data: { session_jwt: string } }).data.session_jwt;
      const list = await built.app.inject({
        method: 'GET',
        url: '/api/portfolios',
        headers: { authorization: `Bearer ${jwt}` },
      });
      expect(list.statusCode).toBe(200);
      const body = list.json() as { portfolios: { current_holding: unknown }[]; aum: number };
      expect(body.portfolios.length).toBeGreaterThan(20);
      expect(body.portfolios.length).toBeLessThan(portfolios.length);
      expect(body.aum).toBeGreaterThan(0);
      expect(body.portfolios.filter((p) => p.current_holding !== null).length).toBeGreaterThan(10);
    },
    SEEDING_MS,
  );

  it(
    'builds the large scenario at any size, each account bought by the job',
    async () => {
      const { database } = await seeded('large', 40);
      const portfolios = await database.db.select().from(schema.portfolios);
      expect(portfolios).toHaveLength(40);
      expect(portfolios.every((p) => p.status === 'IN-GOOD-ORDER')).toBe(true);
      const books = await database.db.select().from(schema.portfolioBooks);
      expect(books).toHaveLength(40);
      expect(books.every((book) => book.valuedThrough === AS_OF)).toBe(true);
      // Each account bought its strategy's portfolio, or its report says why it could not.
      const reports = await database.db
        .select({
          portfolioId: schema.holdingReports.portfolioId,
          blocked: schema.holdingReports.dntBlocked,
        })
        .from(schema.holdingReports);
      for (const book of books.filter((each) => each.lots.length === 0)) {
        const said = reports.some(
          (report) =>
            report.portfolioId === book.portfolioId &&
            report.blocked?.some((line) => line.startsWith('Opening trades were not made')),
        );
        expect(said).toBe(true);
      }
      expect(books.filter((book) => book.lots.length > 0).length).toBeGreaterThan(20);
      expect(portfolios.every((p) => p.currentHoldingReportId !== null)).toBe(true);
    },
    SEEDING_MS,
  );

  it(
    'values every account on an as-of date that falls on a weekend, through the Friday before',
    async () => {
      // Sunday 2026-02-01: the accounts open before the last business day, Friday 2026-01-30.
      const { database } = await seeded('large', 3, '2026-02-01');
      const portfolios = await database.db.select().from(schema.portfolios);
      expect(portfolios).toHaveLength(3);
      expect(portfolios.every((p) => p.inceptionDate === '2026-01-29')).toBe(true);
      expect(portfolios.every((p) => p.currentHoldingReportId !== null)).toBe(true);
      const books = await database.db.select().from(schema.portfolioBooks);
      expect(books.map((book) => book.valuedThrough)).toEqual(Array(3).fill('2026-01-30'));
    },
    SEEDING_MS,
  );
});
