import { runValuation } from '@ballast/api';
import { schema } from '@ballast/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createValuationFixture,
  investableBondStrategy,
  type ValuationFixture,
} from './valuation-fixture.ts';

describe('a valuation run stopped part way (decision 035)', () => {
  let fixture: ValuationFixture;
  beforeAll(async () => {
    fixture = await createValuationFixture('2026-04-30');
  }, 120_000);
  afterAll(() => fixture?.dispose());

  it('keeps the days and the statements of the months it valued, and the next run goes on', async () => {
    const { database, engine, stores } = fixture;
    const { db } = database;
    const ref = await fixture.open(investableBondStrategy(), '2026-01-05');
    const statements = async () =>
      (
        await db
          .select({ date: schema.documents.reportDate })
          .from(schema.documents)
          .orderBy(asc(schema.documents.reportDate))
      ).map((row) => row.date);
    const valuedThrough = async () =>
      (
        await db
          .select({ through: schema.portfolioBooks.valuedThrough })
          .from(schema.portfolioBooks)
          .where(eq(schema.portfolioBooks.portfolioId, ref.portfolioId))
      )[0]?.through;

    // A shutdown on Monday 2 March: the day in hand is valued, the next is not begun.
    const stopping = new AbortController();
    const stopped = await runValuation(
      db,
      engine,
      { through: '2026-04-30' },
      {
        stores,
        signal: stopping.signal,
        onDay: (date) => {
          if (date === '2026-03-02') stopping.abort();
        },
      },
    );
    expect(stopped.failures).toEqual([]);
    expect(await valuedThrough()).toBe('2026-03-02');
    // January's and February's statements were made as each month ended, not left to the end.
    expect(await statements()).toEqual(['2026-01-30', '2026-02-27']);

    const resumed = await runValuation(db, engine, { through: '2026-04-30' }, { stores });
    expect(resumed.failures).toEqual([]);
    expect(await valuedThrough()).toBe('2026-04-30');
    expect(await statements()).toEqual(['2026-01-30', '2026-02-27', '2026-03-31', '2026-04-30']);
  }, 300_000);
});
