import { runValuation } from '@ballast/api';
import { makeTokenStrategyInput } from '@ballast/contract/testing';
import { connectDatabase, schema } from '@ballast/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createValuationFixture,
  investableBondStrategy,
  type ValuationFixture,
} from './valuation-fixture.ts';

const THROUGH = '2026-03-31';
/** Weekdays from Monday 2 March 2026 through Tuesday 31 March: four full weeks, 30 and 31. */
const DAYS = 22;

// Two processes share a database only on a PostgreSQL server; the embedded one has one owner.
describe.skipIf(!process.env.DATABASE_URL)('two valuation workers at once (decision 024)', () => {
  let fixture: ValuationFixture;
  beforeAll(async () => {
    fixture = await createValuationFixture(THROUGH);
  }, 120_000);
  afterAll(() => fixture?.dispose());

  it('value every portfolio-day exactly once between them', async () => {
    const { database, engine, stores } = fixture;
    const refs = [
      await fixture.open(investableBondStrategy(), '2026-03-02'),
      await fixture.open(makeTokenStrategyInput(), '2026-03-02'),
      await fixture.open(investableBondStrategy(), '2026-03-02'),
      await fixture.open(makeTokenStrategyInput(), '2026-03-02'),
    ];
    const url = database.url as string;
    const workers = [
      await connectDatabase({ kind: 'postgres', url, maxConnections: 2 }),
      await connectDatabase({ kind: 'postgres', url, maxConnections: 2 }),
    ];
    try {
      const summaries = await Promise.all(
        workers.map((worker) =>
          runValuation(worker.db, engine, { through: THROUGH }, { concurrency: 2, stores }),
        ),
      );
      for (const summary of summaries) {
        expect(summary).toMatchObject({ portfolios: refs.length, failures: [] });
      }
      expect(summaries.reduce((sum, summary) => sum + summary.valued, 0)).toBe(DAYS * refs.length);
    } finally {
      for (const worker of workers) await worker.close();
    }

    const { db } = database;
    const [reports] = await db
      .select({
        all: sql<number>`count(*)::int`,
        distinct: sql<number>`count(distinct (${schema.holdingReports.portfolioId}, ${schema.holdingReports.reportDate}))::int`,
      })
      .from(schema.holdingReports);
    expect(reports).toEqual({ all: DAYS * refs.length, distinct: DAYS * refs.length });
    // A day's ledger rows are numbered 0, 1, … with no gap or repeat: one worker wrote the day.
    const { ledgerEntries } = schema;
    const days = await db
      .select({
        seqs: sql<number[]>`array_agg(${ledgerEntries.seq} order by ${ledgerEntries.seq})`,
      })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.portfolioId, ledgerEntries.entryDate);
    expect(days.length).toBeGreaterThan(0);
    for (const { seqs } of days) expect(seqs).toEqual(seqs.map((_, index) => index));
    const [books] = await db
      .select({ through: sql<string[]>`array_agg(${schema.portfolioBooks.valuedThrough}::text)` })
      .from(schema.portfolioBooks);
    expect(books?.through).toEqual(refs.map(() => THROUGH));
    const statements = await db.select().from(schema.documents);
    expect(statements.map((row) => [row.kind, row.reportDate])).toEqual(
      refs.map(() => ['STATEMENT', THROUGH]),
    );
  }, 600_000);
});
