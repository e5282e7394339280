// The embedded database's valuation keeps its tables bounded (decision 036). Every valued day
// rewrites each book's row and deletes the day before's asset lines; PGlite runs no autovacuum,
// so the server's own valuation vacuums. Valued here as `npm start` values a history: the
// embedded database's in-process run on start, a year of days for two accounts.
import { lastDueDay } from '@ballast/api';
import { type Db, statementRows } from '@ballast/db';
import { formatIsoDate, parseIsoDate } from '@ballast/engine';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningValuation, startValuation } from './start-valuation.ts';
import { bundledValuationEngines } from './valuation-engine.ts';
import {
  createValuationFixture,
  investableBondStrategy,
  type ValuationFixture,
} from './valuation-fixture.ts';

const AT = { hour: 22, minute: 0 };
const ACCOUNTS = 2;
const PAGE_BYTES = 8192;
/**
 * What a table takes beyond its rows' pages, whatever they hold: its free-space and visibility
 * maps (three pages and one), its indexes' meta and root pages, the same again for its TOAST
 * table and that table's index.
 */
const FIXED_PAGES = 16;

type TableSpace = {
  /** Every page of the table: heap, TOAST, indexes, maps. */
  bytes: number;
  live: number;
  /** The largest live row as stored (a book's lots compressed or out of line). */
  rowBytes: number;
};

async function spaceOf(db: Db, table: 'portfolio_books' | 'asset_lines'): Promise<TableSpace> {
  const [row] = await statementRows<{ bytes: string; live: number; rowBytes: number }>(
    db,
    sql`select pg_total_relation_size(${table}::regclass)::text as bytes,
      (select count(*)::int from ${sql.identifier(table)}) as live,
      (select max(pg_column_size(t.*))::int from ${sql.identifier(table)} t) as "rowBytes"`,
  );
  if (!row) throw new Error(`No size for ${table}`);
  return { bytes: Number(row.bytes), live: row.live, rowBytes: row.rowBytes };
}

/** An index entry of a version: a uuid key or a TOAST chunk's, its header and line pointer. */
const INDEX_ENTRY_BYTES = 40;

/**
 * The most a table holding `versions` rows of at most `rowBytes` takes: each version (its size
 * as a row value counts its tuple header) with an index entry, on pages at worst half used
 * (the space a vacuum frees is reused by rows that fit it), and the pages every table has.
 */
function bytesFor(versions: number, rowBytes: number): number {
  return 2 * versions * (rowBytes + INDEX_ENTRY_BYTES) + FIXED_PAGES * PAGE_BYTES;
}

describe.skipIf(process.env.DATABASE_URL)(
  'the embedded database’s valuation (decision 036)',
  () => {
    let fixture: ValuationFixture;
    let valuation: RunningValuation | undefined;
    const due = lastDueDay(new Date(), AT);
    const inception = formatIsoDate(parseIsoDate(due) - 364);

    beforeAll(async () => {
      fixture = await createValuationFixture(due);
    }, 120_000);
    afterAll(async () => {
      await valuation?.stop();
      await fixture?.dispose();
    });

    it('leaves the books and asset lines no bigger than a vacuum’s threshold of old versions', async () => {
      const { database, stores } = fixture;
      const { db } = database;
      for (let index = 0; index < ACCOUNTS; index += 1) {
        await fixture.open(investableBondStrategy(), inception);
      }
      const errors: object[] = [];
      valuation = await startValuation(
        { valuation: { at: AT, concurrency: 1 }, database: { kind: 'pglite', dataDir: '' } },
        database,
        bundledValuationEngines,
        stores,
        { info: () => undefined, error: (details) => errors.push(details) },
      );
      const behind = async () =>
        (
          await statementRows<{ behind: number }>(
            db,
            sql`select count(*)::int as behind from portfolio_books
            where valued_through is null or valued_through < ${due}`,
          )
        )[0]?.behind;
      while ((await behind()) !== 0) await new Promise((resolve) => setTimeout(resolve, 250));
      await valuation.stop();
      expect(errors).toEqual([]);

      const [written] = await statementRows<{ days: number; lines: number; linesPerDay: number }>(
        db,
        sql`select count(*)::int as days, sum(number_of_holdings)::int as lines,
        (select count(*)::int from asset_lines l join holding_reports h on h.id = l.report_id
          where h.report_date = ${due}) as "linesPerDay"
        from holding_reports`,
      );
      const [settings] = await statementRows<{ threshold: number; scale: number }>(
        db,
        sql`select current_setting('autovacuum_vacuum_threshold')::int as threshold,
        current_setting('autovacuum_vacuum_scale_factor')::float8 as scale`,
      );
      if (!written || !settings) throw new Error('Nothing was valued.');
      // A year of weekdays, each valued for each account.
      expect(written.days).toBeGreaterThan(ACCOUNTS * 250);
      /**
       * The versions a table may hold: its live rows, the dead ones below the vacuum's threshold,
       * and one more day's rewrite of every account's rows before the next vacuum.
       */
      const versionsAllowed = (live: number, perDay: number) =>
        live + settings.threshold + settings.scale * live + perDay;

      // The two books stay small enough here to be kept in their rows, whose old versions
      // PostgreSQL prunes as it reads each page; the demo's, after years of lots, are kept out of
      // line, like the rows maintain-pglite.integration.test.ts rewrites.
      const books = await spaceOf(db, 'portfolio_books');
      expect(books.live).toBe(ACCOUNTS);
      expect(books.bytes).toBeLessThanOrEqual(
        bytesFor(versionsAllowed(books.live, ACCOUNTS), books.rowBytes),
      );

      // A day's lines are removed when the next is valued, unless it ends a month (decision 024).
      const lines = await spaceOf(db, 'asset_lines');
      const linesBound = bytesFor(versionsAllowed(lines.live, written.linesPerDay), lines.rowBytes);
      expect(lines.bytes).toBeLessThanOrEqual(linesBound);
      // Every line the year wrote would not fit: the bound is one that vacuuming keeps.
      expect(written.lines * lines.rowBytes).toBeGreaterThan(linesBound);
    }, 600_000);
  },
);
