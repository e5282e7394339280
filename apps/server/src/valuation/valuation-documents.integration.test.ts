import { runValuation } from '@ballast/api';
import { type Db, schema } from '@ballast/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../../packages/documents/test/pdf-text.ts';
import {
  createValuationFixture,
  investableBondStrategy,
  type ValuationFixture,
} from './valuation-fixture.ts';

/** Money as a statement prints it, e.g. $1,234.50. */
const printed = (usd: string) =>
  Number(usd).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

async function navOn(db: Db, portfolioId: string, date: string): Promise<string> {
  const [report] = await db
    .select({ nav: schema.holdingReports.nav })
    .from(schema.holdingReports)
    .where(
      and(
        eq(schema.holdingReports.portfolioId, portfolioId),
        eq(schema.holdingReports.reportDate, date),
      ),
    );
  if (!report) throw new Error(`No report on ${date}.`);
  return report.nav;
}

describe('statements and tax reports of a valuation run (decision 024)', () => {
  let fixture: ValuationFixture;
  beforeAll(async () => {
    fixture = await createValuationFixture('2026-02-02');
  }, 120_000);
  afterAll(() => fixture?.dispose());

  it('makes each month end its statement and each year end its tax report, once', async () => {
    const { database, engine, stores } = fixture;
    const { db } = database;
    const refs = [
      await fixture.open(investableBondStrategy(), '2025-12-01'),
      await fixture.open(investableBondStrategy(), '2025-12-15'),
    ];
    const documents = () =>
      db
        .select()
        .from(schema.documents)
        .orderBy(asc(schema.documents.reportDate), asc(schema.documents.kind));
    const run = async (through: string) =>
      expect((await runValuation(db, engine, { through }, { stores })).failures).toEqual([]);

    // Through Tuesday 6 January: the year's last business day, Wednesday 31 December, has passed.
    await run('2026-01-06');
    const yearEnd = await documents();
    expect(yearEnd.map((row) => [row.portfolioId, row.kind, row.reportDate]).sort()).toEqual(
      refs
        .flatMap((ref) => [
          [ref.portfolioId, 'STATEMENT', '2025-12-31'],
          [ref.portfolioId, 'TAX_REPORT', '2025-12-31'],
        ])
        .sort(),
    );
    await run('2026-01-06');
    expect(await documents()).toEqual(yearEnd);

    // Through Monday 2 February: January's last business day is Friday 30 January.
    await run('2026-02-02');
    const january = (await documents()).filter((row) => row.reportDate === '2026-01-30');
    expect(january.map((row) => [row.portfolioId, row.kind]).sort()).toEqual(
      refs.map((ref) => [ref.portfolioId, 'STATEMENT']).sort(),
    );
    await run('2026-02-02');
    expect(await documents()).toHaveLength(yearEnd.length + january.length);

    for (const row of january) {
      expect(row).toMatchObject({
        contentType: 'application/pdf',
        fileName: 'statement-2026-01.pdf',
      });
      const bytes = await stores.blobs.get(row.blobKey);
      if (!bytes) throw new Error(`The statement ${row.blobKey} is not in the blob store.`);
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(bytes);
      const opening = await navOn(db, row.portfolioId, '2025-12-31');
      const closing = await navOn(db, row.portfolioId, '2026-01-30');
      expect(opening).not.toBe(closing);
      expect(text).toContain(`Opening value ${printed(opening)}`);
      expect(text).toContain(`Closing value ${printed(closing)}`);
    }
  }, 600_000);
});

describe('a statement the blob store could not take (decision 024)', () => {
  let fixture: ValuationFixture;
  beforeAll(async () => {
    fixture = await createValuationFixture('2026-03-31');
  }, 120_000);
  afterAll(() => fixture?.dispose());

  it('is made when the date is run again, and its failure is then removed', async () => {
    const { database, engine, stores } = fixture;
    const { db } = database;
    const ref = await fixture.open(investableBondStrategy(), '2026-03-02');
    const unreachable = {
      ...stores,
      blobs: {
        ...stores.blobs,
        put: () => Promise.reject(new Error('The blob store is unreachable')),
      },
    };
    const broken = await runValuation(
      db,
      engine,
      { through: '2026-03-31' },
      { stores: unreachable },
    );
    expect(broken.failures).toEqual([
      {
        ...ref,
        date: '2026-03-31',
        error: 'Documents: Error: The blob store is unreachable',
      },
    ]);
    expect(await db.select().from(schema.valuationFailures)).toHaveLength(1);

    // The job's help: "a run stopped halfway is resumed by running it again".
    const again = await runValuation(db, engine, { through: '2026-03-31' }, { stores });
    expect(again).toEqual({ portfolios: 1, valued: 0, failures: [] });
    const made = await db.select().from(schema.documents);
    expect(made.map((row) => [row.kind, row.reportDate])).toEqual([['STATEMENT', '2026-03-31']]);
    expect(await db.select().from(schema.valuationFailures)).toEqual([]);
  }, 300_000);
});
