import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseOptions =
  /** A PostgreSQL server, `postgres://user:pass@host:port/name`. */
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /**
   * Embedded PostgreSQL; `dataDir` undefined keeps everything in memory. `loadDataDir` starts it
   * from a dump of another's data directory instead of an empty one.
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export type Database = {
  readonly kind: DatabaseOptions['kind'];
  readonly db: Db;
  /** The embedded database's data directory as a tar archive; undefined on a server. */
  dumpDataDir?(): Promise<Blob>;
  /** Fails when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/**
 * PGlite's own start parameters, and a write-ahead log kept to 64 MB: the embedded database has
 * no checkpointer, so `maintainPglite` checkpoints at half of `max_wal_size`, and a checkpoint
 * keeps `min_wal_size` to `max_wal_size` of the log for reuse (1 GB by default; decision 036).
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'],
];

export async function connectDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // An idle connection the server drops (a restart, a failover) emits an error with no query to
    // fail; the pool discards that client and opens a new one for the next query, so this must
    // not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePostgres({ client: pool, schema });
    return {
      kind: 'postgres',
      db,
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir ?? 'memory://', {
    startParams: PGLITE_START_PARAMS,
    ...(options.loadDataDir && { loadDataDir: options.loadDataDir }),
  });
  const db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db,
    dumpDataDir: async () => client.dumpDataDir('none'),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
