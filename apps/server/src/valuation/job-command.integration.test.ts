import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, type Database, migrateDatabase, schema } from '@ballast/db';
import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runJobCommand } from './job-command.ts';
import {
  createValuationFixture,
  FIXTURE_ENCRYPTION_KEY,
  investableBondStrategy,
} from './valuation-fixture.ts';

/** Friday 1 May 2026, noon: April's days have all closed. */
const NOW = new Date('2026-05-01T12:00:00Z');

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    output: { out: (text: string) => out.push(text), err: (text: string) => err.push(text) },
    out: () => out.join(''),
    err: () => err.join(''),
  };
}

describe('npm run job -- valuation', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it.each([
    ['2026-13-01', '--date: "2026-13-01" is not a date written YYYY-MM-DD.'],
    ['2026-02-30', '--date: "2026-02-30" is not a date written YYYY-MM-DD.'],
    ['2026-04-31', '--date: "2026-04-31" is not a date written YYYY-MM-DD.'],
    ['30/04/2026', '--date: "30/04/2026" is not a date written YYYY-MM-DD.'],
    [
      '2026-05-02',
      "--date: 2026-05-02 is in the future; a day is valued from that day's market data.",
    ],
  ])('refuses --date %s with exit status 2 and a sentence', async (date, sentence) => {
    const io = capture();
    // A refused date never reaches the configuration, so nothing is opened in this DATA_DIR.
    const env = { DATA_DIR: join(tmpdir(), 'ballast-job-refused') };
    const code = await runJobCommand(['valuation', '--date', date], env, io.output, NOW);
    expect({ code, err: io.err(), out: io.out() }).toEqual({ code: 2, err: sentence, out: '' });
  });

  it('refuses a --date without its value with exit status 2', async () => {
    const io = capture();
    expect(await runJobCommand(['valuation', '--date'], {}, io.output, NOW)).toBe(2);
    expect(io.err()).toMatch(/^Option '--date <value>' argument missing/);
  });

  it('values every open portfolio through the date and prints the summary', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ballast-job-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // The job opens the database the configuration names: the embedded one in DATA_DIR, or the
    // PostgreSQL test database CI makes.
    const embedded = !process.env.DATABASE_URL;
    const reopen = async (): Promise<TestDatabase> => {
      if (!embedded) return createTestDatabase(process.env.DATABASE_URL);
      const database: Database = await connectDatabase({
        kind: 'pglite',
        dataDir: join(dataDir, 'pglite'),
      });
      await migrateDatabase(database);
      let isOpen = true;
      const close = async () => {
        if (isOpen) await database.close();
        isOpen = false;
      };
      return { ...database, url: undefined, close, dispose: close };
    };
    const fixture = await createValuationFixture('2026-04-30', await reopen());
    cleanups.push(() => fixture.dispose());
    const ref = await fixture.open(investableBondStrategy(), '2026-04-01');
    const env = {
      DATA_DIR: dataDir,
      ENCRYPTION_KEY: FIXTURE_ENCRYPTION_KEY,
      ...(fixture.database.url ? { DATABASE_URL: fixture.database.url } : {}),
    };
    // One process at a time may open the embedded database.
    if (embedded) await fixture.database.dispose();

    const io = capture();
    const code = await runJobCommand(['valuation', '--date', '2026-04-30'], env, io.output, NOW);
    // April 2026 has 22 weekdays: 1-3, four weeks from the 6th to the 24th, 27-30.
    expect({ code, out: io.out(), err: io.err() }).toEqual({
      code: 0,
      out: 'Valued 22 portfolio-days over 1 portfolios through 2026-04-30.\n',
      err: '',
    });

    const again = capture();
    expect(await runJobCommand(['valuation', '--date', '2026-05-01'], env, again.output, NOW)).toBe(
      0,
    );
    expect(again.out()).toBe('Valued 1 portfolio-days over 1 portfolios through 2026-05-01.\n');

    const database = embedded ? await reopen() : fixture.database;
    if (embedded) cleanups.push(() => database.dispose());
    const reports = await database.db.select().from(schema.holdingReports);
    expect(reports).toHaveLength(23);
    expect(reports.every((report) => report.portfolioId === ref.portfolioId)).toBe(true);
    const documents = await database.db.select().from(schema.documents);
    expect(documents.map((row) => [row.kind, row.reportDate])).toEqual([
      ['STATEMENT', '2026-04-30'],
    ]);
  }, 300_000);
});
