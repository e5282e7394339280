import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { connectDatabase, type Database, type DatabaseOptions } from '@ballast/db';
import { sql } from 'drizzle-orm';
import { type BackupManifest, PGLITE_DIR, pgDumpIn, unpackBackup } from './backup-archive.ts';
import { migrationCount } from './database-copy.ts';
import { isAnswering, OPERATOR_SOCKET } from './operator-socket.ts';
import { runPostgresTool } from './postgres-tools.ts';

/** A restore that was not attempted, and why: nothing was changed. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export type RestoreOptions = {
  /** The backup file. */
  file: string;
  /** The data directory to restore into; the embedded database goes to its `pglite/`. */
  dataDir: string;
  /** Replace a data directory that is not empty, keeping it beside the new one. */
  force: boolean;
  /** With a PostgreSQL server: the empty database to restore into, and pg_restore. */
  postgres: { url: string; pgRestore: string; env: Record<string, string | undefined> } | undefined;
};

export type RestoreResult = {
  manifest: BackupManifest;
  /** Where the data directory that was replaced (with `force`) is kept. */
  replaced: string | undefined;
};

/**
 * Restores a backup (decision 026). Everything is unpacked into a directory beside the target,
 * the database is loaded there (or into the empty PostgreSQL database, in one transaction) and
 * checked, and only then is it renamed into place: a restore that fails leaves the target as it
 * was and removes what it unpacked.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { dataDir, postgres } = options;
  if (await isAnswering(join(dataDir, OPERATOR_SOCKET))) {
    throw new RestoreRefusedError(`A server is running on ${dataDir}; stop it first.`);
  }
  const occupied = await isOccupied(dataDir);
  if (occupied && !options.force) {
    throw new RestoreRefusedError(
      `${dataDir} is not empty. Restore into a new directory (--to DIR), or pass --force to replace it (it is kept beside the restored one).`,
    );
  }
  if (postgres) await refuseUnlessEmpty(postgres.url);

  await mkdir(dirname(dataDir), { recursive: true });
  const staging = `${dataDir}.restoring-${randomBytes(4).toString('hex')}`;
  await mkdir(staging, { mode: 0o700 });
  // pg_dump's archive is unpacked into a work directory; the embedded database straight to its
  // place in the new data directory.
  const work = join(staging, '.restore');
  let restoredPostgres = false;
  try {
    const manifest = await unpackBackup(options.file, {
      dataDir: staging,
      databaseDir: postgres ? work : join(staging, PGLITE_DIR),
      expected: postgres ? 'postgres' : 'pglite',
    });
    let target: DatabaseOptions;
    if (postgres) {
      await runPostgresTool(
        postgres.pgRestore,
        // Owned by the role restoring, without the old server's grants: a new server's roles
        // need not be the old one's.
        ['--single-transaction', '--exit-on-error', '--no-owner', '--no-acl', pgDumpIn(work)],
        postgres.url,
        postgres.env,
      );
      restoredPostgres = true;
      await rm(work, { recursive: true });
      target = { kind: 'postgres', url: postgres.url, maxConnections: 1 };
    } else {
      target = { kind: 'pglite', dataDir: join(staging, PGLITE_DIR) };
    }
    // Opening it is the first proof that it is whole; its migrations, the second.
    const migrations = await withDatabase(target, migrationCount);
    if (migrations !== manifest.database.migrations) {
      throw new Error(
        `the restored database has run ${migrations} migrations where the backup's manifest says ${manifest.database.migrations}.`,
      );
    }
    const replaced = occupied ? `${dataDir}.replaced-${timestamp()}` : undefined;
    if (replaced) await rename(dataDir, replaced);
    try {
      await rename(staging, dataDir);
    } catch (error) {
      if (replaced) await rename(replaced, dataDir);
      throw error;
    }
    return { manifest, replaced };
  } catch (error) {
    if (restoredPostgres) {
      // The database holds the backup now, so its files are kept for the operator to place.
      throw new Error(
        `the database was restored, but the restore did not finish (${error instanceof Error ? error.message : String(error)}); the data directory's files are in ${staging}.`,
      );
    }
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** A directory with anything in it, or anything that is not a directory. */
async function isOccupied(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isDirectory()) return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  return (await readdir(path)).length > 0;
}

/**
 * pg_restore into a database that holds tables would mix two firms' data or fail halfway; it
 * must be new. Dropping a firm's database is left to its operator, never done here.
 */
async function refuseUnlessEmpty(url: string): Promise<void> {
  const relations = await withDatabase({ kind: 'postgres', url, maxConnections: 1 }, async (db) => {
    const [row] = await db.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sql`pg_class c join pg_namespace n on n.oid = c.relnamespace`)
      .where(
        sql`n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`,
      );
    return row?.count ?? 0;
  });
  if (relations > 0) {
    throw new RestoreRefusedError(
      `The database DATABASE_URL names is not empty (${relations} tables, sequences and indexes). Create an empty one (createdb) and name it in DATABASE_URL.`,
    );
  }
}

async function withDatabase<T>(
  options: DatabaseOptions,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await connectDatabase(options);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}
