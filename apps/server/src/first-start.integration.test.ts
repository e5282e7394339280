// The demo's first start (decision 035): the server answers as soon as the firm, its people and
// portfolios are written, and the valuation values their history behind it, saying how far it
// has come. Composed as main.ts composes it, in this process: seed without the history, then
// start the valuation with the seed's catch-up.
import { join } from 'node:path';
import { isMonthEnd, lastDueDay } from '@ballast/api';
import type { PortfolioListResponse, ValuationProgress } from '@ballast/contract';
import { createDirectoryBlobStore, createSecretBox } from '@ballast/db';
import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from './seed/demo-firm.ts';
import { type SeedResult, seedScenario } from './seed/scenarios.ts';
import { buildTestApp } from './testing.ts';
import { type RunningValuation, startValuation } from './valuation/start-valuation.ts';
import { bundledValuationEngines } from './valuation/valuation-engine.ts';

/**
 * Five weeks, so across a month end whatever the day, which the catch-up reports; the demo's
 * three years are `npm start`'s.
 */
const HISTORY_DAYS = 35;
/** Seeding, then valuing the history on a busy two-core machine. */
const FIRST_START_MS = 600_000;
/**
 * A day of five weeks' history takes well under a second; a minute without one means the
 * catch-up has stopped, which the test says before the session's five-minute JWT lapses.
 */
const STALLED_MS = 60_000;

describe('a first start on an empty demo database', () => {
  let database: TestDatabase;
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  let seeded: SeedResult | undefined;
  let valuation: RunningValuation | undefined;
  let jwt = '';

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    built = await buildTestApp(database);
    seeded = await seedScenario('demo', {
      database,
      identity: built.identity,
      publicToken: built.publicToken,
      box: createSecretBox(built.encryptionKey),
      blobs: createDirectoryBlobStore(join(built.config.dataDir, 'blobs')),
      demoHistoryDays: HISTORY_DAYS,
      valueHistory: false,
    });
    const advisor = DEMO_USERS.find((user) => user.role === 'ADVISOR');
    const signIn = await built.app.inject({
      method: 'POST',
      url: '/sdk/v1/passwords/authenticate',
      headers: {
        authorization: `Basic ${Buffer.from(`${built.publicToken}:${built.publicToken}`).toString('base64')}`,
      },
      payload: {
        email: advisor?.email,
        password: advisor?.password,
        session_duration_minutes: 60,
      },
    });
    jwt = (signIn.json() as { data: { session_jwt: string } }).data.session_jwt;
  }, FIRST_START_MS);

  afterAll(async () => {
    await valuation?.stop();
    await built?.app.close();
    await database?.dispose();
  });

  const asAdvisor = (url: string) =>
    built.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${jwt}` } });

  async function progress(): Promise<ValuationProgress> {
    const response = await asAdvisor('/api/valuation-progress');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ValuationProgress;
  }

  it('answers the health check and the advisor’s list while the history is unvalued', async () => {
    expect(seeded?.historyThrough).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const health = await built.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });

    const list = await asAdvisor('/api/portfolios');
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as PortfolioListResponse;
    expect(body.portfolios.length).toBeGreaterThan(20);
    // Nothing is valued yet: no account has a report, so the firm's money is not counted yet.
    expect(body.portfolios.every((portfolio) => portfolio.current_holding === null)).toBe(true);
    expect(body.aum).toBe(0);
  });

  it(
    'reports the valuation behind, then caught up once the catch-up has valued the history',
    async () => {
      const due = lastDueDay(new Date(), built.config.valuation.at);
      const before = await progress();
      expect(before).toEqual({
        due_date: due,
        valued_through: expect.any(String),
        is_behind: true,
      });
      // Counted as valued through the day before the accounts opened: nothing of the history.
      expect((before.valued_through ?? '') < due).toBe(true);

      const monthEnds: string[] = [];
      valuation = await startValuation(
        built.config,
        database,
        bundledValuationEngines,
        {
          blobs: createDirectoryBlobStore(join(built.config.dataDir, 'blobs')),
          box: createSecretBox(built.encryptionKey),
        },
        built.app.log,
        {
          through: seeded?.historyThrough,
          onDay: (date) => {
            if (isMonthEnd(date)) monthEnds.push(date);
          },
        },
      );

      // The api answers all along; the day valued through only moves forward.
      let last = before;
      let movedAt = Date.now();
      while (last.is_behind) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        expect((await asAdvisor('/api/portfolios')).statusCode).toBe(200);
        const now = await progress();
        expect((now.valued_through ?? '') >= (last.valued_through ?? '')).toBe(true);
        if (now.valued_through !== last.valued_through) movedAt = Date.now();
        expect(Date.now() - movedAt, `no day valued after ${last.valued_through}`).toBeLessThan(
          STALLED_MS,
        );
        last = now;
      }
      expect(last.due_date).toBe(due);
      expect((last.valued_through ?? '') >= due).toBe(true);
      expect(monthEnds.length).toBeGreaterThan(0);
      expect(monthEnds.every((date) => date <= (last.valued_through ?? ''))).toBe(true);

      const list = (await asAdvisor('/api/portfolios')).json() as PortfolioListResponse;
      expect(list.aum).toBeGreaterThan(0);
      expect(list.portfolios.some((portfolio) => portfolio.current_holding !== null)).toBe(true);
    },
    FIRST_START_MS,
  );
});
