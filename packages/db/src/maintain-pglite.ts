import { sql } from 'drizzle-orm';
import type { Database } from './connect.ts';
import { statementRows } from './statement-rows.ts';

/** What one call did: the tables it vacuumed, and whether it checkpointed. */
export type Maintenance = { vacuumed: string[]; checkpointed: boolean };

/**
 * Does for the embedded database what a PostgreSQL server's autovacuum and checkpointer do on
 * their own (decision 036). PGlite runs PostgreSQL single-user, where neither runs: the old
 * versions of a row rewritten every day stay in its table for good, and the write-ahead log
 * grows until the database closes. Called between two pieces of work (each valued day), it
 * vacuums each table whose dead rows since its last vacuum pass autovacuum's threshold, read
 * from the database's own settings (50 rows and a fifth of the table by default), so that new
 * rows reuse their space; and it checkpoints once the log written since the last checkpoint
 * reaches half of `max_wal_size`, as the checkpointer would, so that the segments before it are
 * recycled. A call with nothing to do is two small statements. The counts it reads start again
 * at zero with each start of the database: dead rows an earlier start left go with the next
 * vacuum of their table.
 */
export async function maintainPglite(database: Database): Promise<Maintenance> {
  if (database.kind !== 'pglite') {
    throw new Error('A PostgreSQL server vacuums and checkpoints by itself.');
  }
  const { db } = database;
  // The counts read below are those flushed to the statistics, which happens at most once a
  // second after a statement; this asks the end of this statement to flush them all.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const [due] = await statementRows<{ vacuum: string[] | null; checkpoint: boolean }>(
    db,
    sql`select
        (select array_agg(format('%I.%I', s.schemaname, s.relname) order by s.relname)
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid
          where s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
            + current_setting('autovacuum_vacuum_scale_factor')::float8
              * greatest(c.reltuples, 0)) as vacuum,
        pg_wal_lsn_diff(pg_current_wal_insert_lsn(), (pg_control_checkpoint()).redo_lsn)
          >= pg_size_bytes(current_setting('max_wal_size')) / 2 as checkpoint`,
  );
  const vacuumed = due?.vacuum ?? [];
  for (const name of vacuumed) await db.execute(sql.raw(`vacuum ${name}`));
  const checkpointed = due?.checkpoint === true;
  if (checkpointed) await db.execute(sql`checkpoint`);
  return { vacuumed, checkpointed };
}
