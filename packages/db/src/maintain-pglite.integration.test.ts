// The embedded database's vacuum and checkpoint (decision 036): PGlite runs no autovacuum and no
// checkpointer, so `maintainPglite`, called between pieces of work, does what they would.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintainPglite } from './maintain-pglite.ts';
import { statementRows } from './statement-rows.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

const MB = 1024 * 1024;
/** Decision 036 keeps the embedded database's write-ahead log to 64 MB. */
const MAX_WAL_BYTES = 64 * MB;
/** PostgreSQL's log is written in segments of 16 MB. */
const SEGMENT_BYTES = 16 * MB;

/** A kilobyte of hexadecimal digits that compresses poorly, as a row's body. */
const BODY = sql`(select string_agg(md5(random()::text), '') from generate_series(1, 32))`;
/**
 * Six kilobytes of them, which PostgreSQL keeps out of line in the table's TOAST table, as it
 * keeps a book's lots after a few years of trading.
 */
const LARGE_BODY = sql`(select string_agg(md5(random()::text), '') from generate_series(1, 192))`;

describe.skipIf(process.env.DATABASE_URL)('maintainPglite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.dispose());

  const first = async <Row>(statement: ReturnType<typeof sql>) =>
    (await statementRows<Row>(database.db, statement))[0] as Row;

  it('keeps a table whose rows are rewritten again and again to its threshold of old versions', async () => {
    const { db } = database;
    await db.execute(sql`create table rewritten (id int primary key, body text not null)`);
    const rows = 10;
    const rounds = 100;
    await db.execute(
      sql`insert into rewritten select id, ${LARGE_BODY} from generate_series(1, ${rows}) id`,
    );
    for (let round = 0; round < rounds; round += 1) {
      await db.execute(sql`update rewritten set body = ${LARGE_BODY}`);
      await maintainPglite(database);
    }
    const { bytes, heap, toast, rowBytes, threshold, scale } = await first<{
      bytes: number;
      heap: number;
      toast: number;
      rowBytes: number;
      threshold: number;
      scale: number;
    }>(sql`select pg_total_relation_size('rewritten')::int as bytes,
      pg_relation_size('rewritten')::int as heap,
      (select pg_relation_size(reltoastrelid)::int from pg_class
        where oid = 'rewritten'::regclass) as toast,
      (select max(pg_column_size(r.*))::int from rewritten r) as "rowBytes",
      current_setting('autovacuum_vacuum_threshold')::int as threshold,
      current_setting('autovacuum_vacuum_scale_factor')::float8 as scale`);
    // The bodies are out of line, as a book's lots are after a few years.
    expect(toast).toBeGreaterThan(heap);
    // The live rows, the dead ones below autovacuum's threshold and one more round's: each with
    // an index entry, on pages at worst half used; then the first pages of the table's and its
    // TOAST table's maps and indexes.
    const versions = rows + threshold + scale * rows + rows;
    const bound = 2 * versions * (rowBytes + 40) + 16 * 8192;
    expect(bytes).toBeLessThanOrEqual(bound);
    // Keeping every version written would not fit.
    expect(rows * (rounds + 1) * rowBytes).toBeGreaterThan(bound);
  });

  it('checkpoints, so the write-ahead log stays within max_wal_size and a segment', async () => {
    const { db } = database;
    const { setting } = await first<{ setting: string }>(
      sql`select pg_size_bytes(current_setting('max_wal_size'))::bigint::text as setting`,
    );
    expect(Number(setting)).toBe(MAX_WAL_BYTES);
    await db.execute(sql`create table filler (id int primary key, body text not null)`);
    await db.execute(sql`insert into filler select id, ${BODY} from generate_series(1, 4000) id`);
    const walBytes = async () =>
      Number(
        (await first<{ bytes: string }>(sql`select sum(size)::text as bytes from pg_ls_waldir()`))
          .bytes,
      );
    const written = async () =>
      Number(
        (
          await first<{ lsn: string }>(
            sql`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text as lsn`,
          )
        ).lsn,
      );
    const start = await written();
    let largest = 0;
    let checkpoints = 0;
    // Twice max_wal_size written in rounds of about 4 MB, each followed by the upkeep.
    while ((await written()) - start < 2 * MAX_WAL_BYTES) {
      await db.execute(sql`update filler set body = ${BODY}`);
      if ((await maintainPglite(database)).checkpointed) checkpoints += 1;
      largest = Math.max(largest, await walBytes());
    }
    expect(checkpoints).toBeGreaterThanOrEqual(3);
    // Before a checkpoint the log holds at most half of max_wal_size since the last one and a
    // round; after it, what a checkpoint keeps for reuse: at most max_wal_size. One segment more
    // is the one being written.
    expect(largest).toBeLessThanOrEqual(MAX_WAL_BYTES + SEGMENT_BYTES);
  });

  it('is for the embedded database alone', async () => {
    await expect(maintainPglite({ ...database, kind: 'postgres' })).rejects.toThrow(
      'A PostgreSQL server vacuums and checkpoints by itself.',
    );
  });
});
