import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import type { CommandOutput } from '../firm-command.ts';
import { BackupFormatError, WrongDatabaseError } from './backup-archive.ts';
import { startOperatorCommand } from './operator-command.ts';
import { findPostgresTool } from './postgres-tools.ts';
import { RestoreRefusedError, type RestoreResult, restoreBackup } from './restore-backup.ts';
import { TarFormatError } from './tar-archive.ts';

export const RESTORE_COMMAND_HELP = `Usage: npm run restore -- --from FILE [--to DIR] [--force]
   or: node apps/server/src/main.ts restore --from FILE [--to DIR] [--force]

Puts back a backup that npm run backup wrote (decision 026): the files of DATA_DIR, and the
database. Stop the server first. Reads the same environment as the server (README
"Configuration"); the restored data is read with the ENCRYPTION_KEY it was written with.

  Embedded database (no DATABASE_URL): the database and files go into DIR (default DATA_DIR),
  which must not exist or be empty unless --force.
  PostgreSQL (DATABASE_URL): the dump goes into that database, which must be empty (createdb a
  new one), through pg_restore in one transaction; the files go into DIR as above.

Everything is unpacked and checked in a directory beside DIR and renamed into place at the end,
so a restore that fails, or a file that is not a whole backup, leaves DIR as it was.

Options:
  --from FILE   the backup
  --to DIR      the data directory to restore into (default: DATA_DIR)
  --force       replace a DIR that is not empty; the old one is kept as DIR.replaced-<time>
  -h, --help    show this help
`;

const OPTIONS = {
  from: { type: 'string' },
  to: { type: 'string' },
  force: { type: 'boolean', default: false },
} as const;

/** `restore --from FILE …`: answers the process's exit code (2 for arguments it does not understand). */
export async function runRestoreCommand(
  args: string[],
  env: Record<string, string | undefined>,
  output: CommandOutput,
  cwd = process.cwd(),
): Promise<number> {
  const started = startOperatorCommand(
    { args, env, output, cwd },
    { options: OPTIONS, required: 'from', help: RESTORE_COMMAND_HELP },
  );
  if ('exit' in started) return started.exit;
  const { values, config } = started;
  const file = resolve(cwd, values.from ?? '');
  if (
    !(await access(file).then(
      () => true,
      () => false,
    ))
  ) {
    output.err(`${file} does not exist.`);
    return 1;
  }
  const dataDir = resolve(cwd, values.to ?? config.dataDir);
  let postgres: Parameters<typeof restoreBackup>[0]['postgres'];
  if (config.database.kind === 'postgres') {
    const pgRestore = await findPostgresTool('pg_restore', env);
    if (!pgRestore) {
      output.err(
        "pg_restore was not found on the PATH or in /usr/lib/postgresql/<version>/bin; install PostgreSQL's client programs (Debian: apt-get install postgresql-client) and run this again.",
      );
      return 1;
    }
    postgres = { url: config.database.url, pgRestore, env };
  }

  const begun = performance.now();
  try {
    const result = await restoreBackup({ file, dataDir, force: values.force ?? false, postgres });
    output.out(report(file, dataDir, result, config, (performance.now() - begun) / 1000));
    return 0;
  } catch (error) {
    output.err(failure(file, error));
    return 1;
  }
}

function report(
  file: string,
  dataDir: string,
  { manifest, replaced }: RestoreResult,
  config: Config,
  seconds: number,
): string {
  return [
    `Restored ${file} (taken ${manifest.createdAt}) in ${seconds.toFixed(1)} s:`,
    `  database: ${
      manifest.database.kind === 'pglite'
        ? `the embedded database, into ${dataDir}`
        : 'into the PostgreSQL database DATABASE_URL names'
    }; ${manifest.database.migrations} migrations (the server runs any newer ones when it starts)`,
    `  files: ${manifest.files.count} into ${dataDir}`,
    ...(replaced
      ? [`  The directory that was there is kept at ${replaced}; remove it once the server runs.`]
      : []),
    ...(resolve(dataDir) === config.dataDir
      ? []
      : [`  Start the server with DATA_DIR=${dataDir} to use it.`]),
    '',
  ].join('\n');
}

function failure(file: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof RestoreRefusedError) return `Nothing was restored: ${reason}`;
  if (error instanceof WrongDatabaseError) {
    return `Nothing was restored: ${reason} ${
      error.found === 'pglite'
        ? 'Unset DATABASE_URL to restore it into a data directory.'
        : 'Set DATABASE_URL to an empty PostgreSQL database to restore it.'
    }`;
  }
  if (error instanceof BackupFormatError || error instanceof TarFormatError || isZlibError(error)) {
    return `Nothing was restored: ${file} is not a whole Ballast backup (${reason}).`;
  }
  return `Ballast could not restore ${file}: ${reason}`;
}

/** Node's gunzip reports a damaged or cut-short file with a code of its own. */
function isZlibError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('Z_');
}
