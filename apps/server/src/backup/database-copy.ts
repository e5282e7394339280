import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { cp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { type Database, quiescePglite } from '@ballast/db';
import { sql } from 'drizzle-orm';
import {
  BACKUP_WORK_PREFIX,
  type BackupManifest,
  type DatabaseCopy,
  PGLITE_DIR,
  writeBackupArchive,
} from './backup-archive.ts';
import { runPostgresTool } from './postgres-tools.ts';

/** The migrations the database has run (drizzle's own table), to check a restore against. */
export async function migrationCount(database: Database): Promise<number> {
  const [row] = await database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(sql`drizzle.__drizzle_migrations`);
  return row?.count ?? 0;
}

/**
 * The embedded database as the process holding it sees it at one moment: its data directory's
 * files copied while it stands still (decision 026), to a work directory in the data directory,
 * where the copy is quick (a clone where the file system can) and no other disk is needed.
 * Work directories a process stopped in the middle of a copy left behind are removed first: only
 * the holder of the database copies it, one copy at a time.
 */
async function copyEmbeddedDatabase(database: Database, dataDir: string): Promise<DatabaseCopy> {
  for (const name of await readdir(dataDir)) {
    if (name.startsWith(BACKUP_WORK_PREFIX)) await rm(join(dataDir, name), { recursive: true });
  }
  const work = join(dataDir, `${BACKUP_WORK_PREFIX}${randomBytes(4).toString('hex')}`);
  const migrations = await migrationCount(database);
  try {
    await quiescePglite(database, () =>
      cp(join(dataDir, PGLITE_DIR), work, { recursive: true, mode: constants.COPYFILE_FICLONE }),
    );
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
  return {
    kind: 'pglite',
    migrations,
    path: work,
    dispose: () => rm(work, { recursive: true, force: true }),
  };
}

/**
 * A backup written by the process holding the embedded database (the server, or the command),
 * whose data directory is `dataDir`.
 */
export async function writeEmbeddedBackup(
  database: Database,
  dataDir: string,
  destination: Writable,
): Promise<BackupManifest> {
  const copy = await copyEmbeddedDatabase(database, dataDir);
  try {
    return await writeBackupArchive(copy, dataDir, destination);
  } finally {
    await copy.dispose();
  }
}

/**
 * A PostgreSQL database through pg_dump's custom format, written to `file`: one snapshot of the
 * whole database, taken in a repeatable-read transaction, so writes may go on meanwhile.
 */
export async function copyPostgresDatabase(
  database: Database,
  pgDump: string,
  url: string,
  file: string,
  env: Record<string, string | undefined>,
): Promise<DatabaseCopy> {
  // Migrations run only as a server starts, never while it serves, so this count is the dump's.
  const migrations = await migrationCount(database);
  await runPostgresTool(pgDump, ['--format=custom', `--file=${file}`], url, env);
  return {
    kind: 'postgres',
    migrations,
    path: file,
    dispose: () => rm(file, { force: true }),
  };
}
