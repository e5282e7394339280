import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Writable } from 'node:stream';
import { connectDatabase } from '@ballast/db';
import type { Config } from '../config.ts';
import type { CommandOutput } from '../firm-command.ts';
import { type BackupManifest, checkBackup, writeBackupArchive } from './backup-archive.ts';
import { copyPostgresDatabase, writeEmbeddedBackup } from './database-copy.ts';
import { startOperatorCommand } from './operator-command.ts';
import { claimOperatorSocket, requestBackup } from './operator-socket.ts';
import { findPostgresTool } from './postgres-tools.ts';

export const BACKUP_COMMAND_HELP = `Usage: npm run backup -- --to FILE
   or: node apps/server/src/main.ts backup --to FILE

Writes one file (a gzip-compressed tar) holding the database and every file of DATA_DIR: the KYC
uploads, statements and tax reports of the blob store, and in demo mode the demo's encryption key.
It is taken at one moment while the server keeps running and writing (decision 026). Reads the
same environment as the server (README "Configuration"). ENCRYPTION_KEY is not in the backup:
keep it in your secret store, since client data in a backup cannot be read without it.

  Embedded database (no DATABASE_URL): a server running on DATA_DIR copies its database itself,
  into DATA_DIR for as long as the backup takes (so DATA_DIR needs that much room), and its
  requests wait while it copies. With the server stopped, this command opens the database, and a
  server started meanwhile refuses to start until it is done.
  PostgreSQL (DATABASE_URL): runs pg_dump --format=custom, found on the PATH or in
  /usr/lib/postgresql/<version>/bin, whose snapshot holds while writes go on; without pg_dump it
  prints the procedure to follow by hand.

Options:
  --to FILE     where to write the backup; it must not exist yet, nor be inside DATA_DIR
  -h, --help    show this help

Restore it with npm run restore -- --from FILE.
`;

const OPTIONS = { to: { type: 'string' } } as const;

/** Who copied the database, for the report. */
type Copier = 'server' | 'this command' | { pgDump: string };

/** `backup --to FILE`: answers the process's exit code (2 for arguments it does not understand). */
export async function runBackupCommand(
  args: string[],
  env: Record<string, string | undefined>,
  output: CommandOutput,
  cwd = process.cwd(),
): Promise<number> {
  const started = startOperatorCommand(
    { args, env, output, cwd },
    { options: OPTIONS, required: 'to', help: BACKUP_COMMAND_HELP },
  );
  if ('exit' in started) return started.exit;
  const { values, config } = started;
  const target = resolve(cwd, values.to ?? '');
  if (isInside(config.dataDir, target)) {
    output.err(
      `${target} is inside DATA_DIR (${config.dataDir}); a backup belongs elsewhere, so that losing the one does not lose the other.`,
    );
    return 1;
  }
  if (await exists(target)) {
    output.err(`${target} exists already; name a new file (a backup never replaces one).`);
    return 1;
  }
  const pgDump =
    config.database.kind === 'postgres' ? await findPostgresTool('pg_dump', env) : undefined;
  if (config.database.kind === 'postgres' && !pgDump) {
    output.err(postgresProcedure(config));
    return 1;
  }

  const begun = performance.now();
  // Written beside the target and renamed onto it once whole and read back, so the name only
  // ever holds a complete backup.
  const partial = `${target}.${randomBytes(4).toString('hex')}.part`;
  const destination = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  try {
    const copier = await writeBackup(config, { env, destination, partial, pgDump });
    await flush(partial);
    const manifest = await checkBackup(partial);
    await rename(partial, target);
    await flush(dirname(target));
    const seconds = (performance.now() - begun) / 1000;
    output.out(await report(target, manifest, copier, config, seconds));
    return 0;
  } catch (error) {
    destination.destroy();
    await rm(partial, { force: true });
    output.err(
      `Ballast could not back up: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}

async function writeBackup(
  config: Config,
  {
    env,
    destination,
    partial,
    pgDump,
  }: {
    env: Record<string, string | undefined>;
    destination: Writable;
    partial: string;
    pgDump: string | undefined;
  },
): Promise<Copier> {
  if (config.database.kind === 'postgres' && pgDump) {
    const dumpFile = `${partial}.pgdump`;
    try {
      const database = await connectDatabase({ ...config.database, maxConnections: 1 });
      const copy = await copyPostgresDatabase(
        database,
        pgDump,
        config.database.url,
        dumpFile,
        env,
      ).finally(() => database.close());
      await writeBackupArchive(copy, config.dataDir, destination);
    } finally {
      // Removed here too, since the dump may have failed halfway.
      await rm(dumpFile, { force: true });
    }
    return { pgDump };
  }
  if (await requestBackup(config.dataDir, destination)) return 'server';
  if (config.database.kind !== 'pglite') throw new Error('pg_dump is not installed here.');
  const pgliteDir = config.database.dataDir;
  if (!(await exists(join(pgliteDir, 'PG_VERSION')))) {
    throw new Error(`there is no embedded database in ${pgliteDir} (DATA_DIR).`);
  }
  const claim = await claimOperatorSocket(config.dataDir);
  try {
    const database = await connectDatabase(config.database);
    await writeEmbeddedBackup(database, config.dataDir, destination).finally(() =>
      database.close(),
    );
  } finally {
    await claim.close();
  }
  return 'this command';
}

async function report(
  target: string,
  manifest: BackupManifest,
  copier: Copier,
  config: Config,
  seconds: number,
): Promise<string> {
  const { size } = await stat(target);
  const database =
    copier === 'server'
      ? 'the embedded database, copied by the server running on DATA_DIR'
      : copier === 'this command'
        ? 'the embedded database, opened by this command (no server was running on DATA_DIR)'
        : `the PostgreSQL database, by ${copier.pgDump}`;
  return [
    `Backed up to ${target} (${sizeOf(size)}) in ${seconds.toFixed(1)} s:`,
    `  database: ${database}; ${manifest.database.migrations} migrations, ${sizeOf(manifest.database.bytes)}`,
    `  files: ${manifest.files.count} from ${config.dataDir} (${sizeOf(manifest.files.bytes)})`,
    ...(config.encryptionKey
      ? ['  ENCRYPTION_KEY is not in the backup; a restore needs the same key to read client data.']
      : []),
    '',
  ].join('\n');
}

/** What to do by hand when pg_dump is not installed here. */
function postgresProcedure(config: Config): string {
  return `pg_dump was not found on the PATH or in /usr/lib/postgresql/<version>/bin. Install
PostgreSQL's client programs at the server's major version or later (Debian: apt-get install
postgresql-client) and run this again, or back up by hand, in this order:

  pg_dump --format=custom --file=ballast.pgdump "$DATABASE_URL"
  tar -czf ballast-files.tar.gz -C ${config.dataDir} .

The dump is one snapshot of the moment it starts, and every stored file a row names was written
before its row, so copying DATA_DIR after the dump finds all of them. To restore: create an empty
database and run pg_restore --no-owner --no-acl --single-transaction --exit-on-error
--dbname=<its URL> ballast.pgdump, then unpack the files into an empty DATA_DIR (README
"Backup and restore").`;
}

function isInside(dir: string, path: string): boolean {
  const way = relative(dir, path);
  return way === '' || !(way === '..' || way.startsWith(`..${sep}`) || isAbsolute(way));
}

function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Forces a file's or a directory's entries to disk, so a backup said to be written is. */
async function flush(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function sizeOf(bytes: number): string {
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}
