import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, type Database, type DatabaseOptions, schema } from '@ballast/db';
import { createTestDatabase } from '@ballast/db/testing';
import { asc, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signInWithPassword, startServerProcess } from '../server-process.ts';
import { runBackupCommand } from './backup-command.ts';
import { migrationCount } from './database-copy.ts';
import { claimOperatorSocket, DataDirInUseError } from './operator-socket.ts';
import { findPostgresTool } from './postgres-tools.ts';
import { runRestoreCommand } from './restore-command.ts';

const journal = join(import.meta.dirname, '../../../../packages/db/drizzle/meta/_journal.json');
const hasPostgresTools =
  Boolean(await findPostgresTool('pg_dump', process.env)) &&
  Boolean(await findPostgresTool('pg_restore', process.env));

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function temporaryDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The environment of the server and the operator's commands: only what the test names. */
function environment(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env };
}

/** `node main.ts <args>`, as `npm run backup -- …` runs it. */
async function command(args: string[], env: Record<string, string>) {
  const child = startServerProcess(env, { args });
  const code = await child.exited;
  return { code, ...child.output() };
}

/**
 * The same command run inside the test's process: what it does is the same, without the seconds
 * a new process takes to load the server's modules.
 */
async function inProcess(
  run: typeof runBackupCommand | typeof runRestoreCommand,
  args: string[],
  env: Record<string, string>,
) {
  let stdout = '';
  let stderr = '';
  const code = await run(args, environment(env), {
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      stderr += `${text}\n`;
    },
  });
  return { code, stdout, stderr };
}

type Server = { url: string; jwt: string; stop(): Promise<void> };

/** The real server, demo mode with the minimal scenario, and its advisor signed in. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const server = startServerProcess({
    PORT: '0',
    SEED_SCENARIO: 'minimal',
    ENGINE_THREADS: '0',
    ...env,
  });
  const stop = async () => {
    if (server.child.exitCode === null) server.kill('SIGTERM');
    await server.exited;
  };
  cleanups.push(stop);
  const url = await server.running;
  const advisor = server.users().find((user) => user.role === 'ADVISOR');
  if (!advisor) throw new Error('The server printed no demo advisor.');
  const { jwt } = await signInWithPassword(url, advisor);
  return { url, jwt, stop };
}

/** Each write as the api acknowledged it, with when (`performance.now()`) its answer came. */
type Writes = {
  requested: Map<string, number>;
  cancelled: Map<string, number>;
  uploads: Map<string, { at: number; bytes: Buffer }>;
};

/** Uploads one person may make a minute (packages/api README "Limits"), less a margin. */
const UPLOADS = 18;

/**
 * Writes through the api until told to stop, as an advisor would: deposit requests, each cancelled
 * right after (so each action has two transitions), and between them, every few requests, a KYC
 * upload of fresh bytes, as many as the upload limit allows.
 */
function keepWriting(server: Server) {
  const writes: Writes = { requested: new Map(), cancelled: new Map(), uploads: new Map() };
  let stopping = false;
  const api = async (what: string, method: string, path: string, body?: string | FormData) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${server.jwt}`,
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      body,
    });
    if (!response.ok) {
      throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
    }
    return response;
  };
  const upload = async (portfolioId: string) => {
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      randomBytes(2_000 + Math.floor(Math.random() * 30_000)),
      Buffer.from('\n%%EOF\n'),
    ]);
    const form = new FormData();
    form.set('portfolio_id', portfolioId);
    form.set('document', new Blob([bytes], { type: 'application/pdf' }), 'passport.pdf');
    const stored = await api('kyc-documents', 'POST', '/kyc-documents', form);
    const { id } = (await stored.json()) as { id: string };
    writes.uploads.set(id, { at: performance.now(), bytes });
  };

  const running = (async () => {
    const listed = await api('portfolios', 'GET', '/portfolios?status=IN-GOOD-ORDER');
    const [open] = ((await listed.json()) as { portfolios: { id: string }[] }).portfolios;
    if (!open) throw new Error('the minimal scenario has no open account');
    for (let cash = 1; !stopping; cash++) {
      const made = await api(
        'request-deposit',
        'POST',
        `/portfolios/${open.id}/request-deposit`,
        JSON.stringify({ action_payload: { cash } }),
      );
      const { id } = (await made.json()) as { id: string };
      writes.requested.set(id, performance.now());
      await api('cancel', 'DELETE', `/portfolios/${open.id}/actions/${id}`);
      writes.cancelled.set(id, performance.now());
      if (cash % 4 === 0 && writes.uploads.size < UPLOADS) await upload(open.id);
    }
  })();
  return {
    writes,
    running,
    async stop() {
      stopping = true;
      await running;
    },
  };
}

async function until(condition: () => boolean, failed: Promise<unknown>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the writes did not start');
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 20)), failed]);
  }
}

/** Writes while the backup command runs; answers what was acknowledged before it started. */
async function backUpDuringWrites(server: Server, file: string, env: Record<string, string>) {
  const writer = keepWriting(server);
  await until(
    () => writer.writes.cancelled.size >= 5 && writer.writes.uploads.size >= 5,
    writer.running,
  );
  const started = performance.now();
  const backup = await command(['backup', '--to', file], env);
  const finished = performance.now();
  await writer.stop();
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  const during = [...writer.writes.requested.values(), ...writer.writes.cancelled.values()].filter(
    (at) => at > started && at < finished,
  );
  // The backup was taken while the api acknowledged writes, not in a lull.
  expect(during.length).toBeGreaterThan(0);
  return { writes: writer.writes, started, output: backup.stdout };
}

async function withDatabase<T>(options: DatabaseOptions, work: (db: Database) => Promise<T>) {
  const database = await connectDatabase(options);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The restored database and blobs hold every write acknowledged before the backup started, and
 * every row is whole: the schema at the latest migration, each action's state the end of its
 * transition log, each document's bytes those it was stored with.
 */
async function expectWholeRestore(
  database: Database,
  dataDir: string,
  { writes, started }: { writes: Writes; started: number },
): Promise<void> {
  const { entries } = JSON.parse(await readFile(journal, 'utf8')) as { entries: unknown[] };
  expect(await migrationCount(database)).toBe(entries.length);

  const actions = await database.db.select().from(schema.actions);
  const log = await database.db
    .select()
    .from(schema.actionTransitions)
    .orderBy(asc(schema.actionTransitions.id));
  for (const action of actions) {
    const states = log.filter((row) => row.actionId === action.id);
    expect(states[0]?.fromState, action.id).toBeNull();
    for (const [index, row] of states.entries()) {
      if (index > 0) expect(row.fromState).toBe(states[index - 1]?.toState);
    }
    expect(states.at(-1)?.toState, action.id).toBe(action.state);
  }
  const stateOf = new Map(actions.map((action) => [action.id, action.state]));
  for (const [id, at] of writes.requested) {
    if (at < started) expect(stateOf.has(id), `request ${id}`).toBe(true);
  }
  for (const [id, at] of writes.cancelled) {
    if (at < started) expect(stateOf.get(id), `cancel of ${id}`).toBe('CANCELLED');
  }

  const documents = await database.db.select().from(schema.documents);
  for (const document of documents) {
    const bytes = await readFile(join(dataDir, 'blobs', document.blobKey));
    expect(sha256(bytes), document.id).toBe(document.sha256);
    expect(bytes.byteLength).toBe(document.sizeBytes);
  }
  const stored = new Set(documents.map((document) => document.id));
  let before = 0;
  for (const [id, upload] of writes.uploads) {
    if (upload.at >= started) continue;
    before += 1;
    expect(stored.has(id), `upload ${id}`).toBe(true);
    const document = documents.find((row) => row.id === id);
    const bytes = await readFile(join(dataDir, 'blobs', document?.blobKey ?? ''));
    expect(bytes.equals(upload.bytes)).toBe(true);
  }
  expect(before).toBeGreaterThanOrEqual(5);
}

describe('backup and restore', () => {
  it('backs up the embedded database while the server writes, and restores it whole into a new directory', {
    timeout: 300_000,
  }, async () => {
    const dataDir = await temporaryDir('ballast-backup-source-');
    const elsewhere = await temporaryDir('ballast-backup-files-');
    const server = await startServer({ DATA_DIR: dataDir });
    const file = join(elsewhere, 'running.tar.gz');
    const taken = await backUpDuringWrites(server, file, { DATA_DIR: dataDir });
    expect(taken.output).toContain('copied by the server running on DATA_DIR');

    // The directory belongs to the running server: no other process may open its database, and
    // a restore into it is refused, forced or not.
    await expect(claimOperatorSocket(dataDir)).rejects.toThrow(DataDirInUseError);
    const onRunning = await inProcess(runRestoreCommand, ['--from', file, '--force'], {
      DATA_DIR: dataDir,
    });
    expect(onRunning.code).toBe(1);
    expect(onRunning.stderr).toContain('A server is running');
    await server.stop();

    const restoredDir = join(elsewhere, 'restored');
    const restore = await command(['restore', '--from', file], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    await withDatabase({ kind: 'pglite', dataDir: join(restoredDir, 'pglite') }, (database) =>
      expectWholeRestore(database, restoredDir, taken),
    );
    const key = await readFile(join(dataDir, 'demo-encryption.key'), 'utf8');
    expect(await readFile(join(restoredDir, 'demo-encryption.key'), 'utf8')).toBe(key);

    // With the server stopped, the command opens the database itself, and the copy holds every
    // write the api acknowledged.
    const stoppedFile = join(elsewhere, 'stopped.tar.gz');
    const stopped = await inProcess(runBackupCommand, ['--to', stoppedFile], { DATA_DIR: dataDir });
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toContain('opened by this command');

    // Restoring onto the restored directory is refused and changes nothing, until forced; then
    // the directory that was there is kept beside it.
    const refused = await inProcess(runRestoreCommand, ['--from', stoppedFile], {
      DATA_DIR: restoredDir,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not empty');
    const forced = await inProcess(runRestoreCommand, ['--from', stoppedFile, '--force'], {
      DATA_DIR: restoredDir,
    });
    expect(forced.code).toBe(0);
    const kept = /kept at (\S+);/.exec(forced.stdout)?.[1] ?? '';
    expect(await readFile(join(kept, 'demo-encryption.key'), 'utf8')).toBe(key);
    await withDatabase({ kind: 'pglite', dataDir: join(restoredDir, 'pglite') }, (database) =>
      expectWholeRestore(database, restoredDir, { ...taken, started: Number.POSITIVE_INFINITY }),
    );
  });

  it('refuses a file that is not a whole backup and leaves nothing behind', async () => {
    const dir = await temporaryDir('ballast-backup-broken-');
    const damaged = join(dir, 'damaged.tar.gz');
    await writeFile(damaged, randomBytes(4096));
    const refused = await inProcess(runRestoreCommand, ['--from', damaged], {
      DATA_DIR: join(dir, 'target'),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not a whole Ballast backup');
    expect(await readdir(dir)).toEqual(['damaged.tar.gz']);
  });

  it.runIf(process.env.DATABASE_URL && hasPostgresTools)(
    'backs up a PostgreSQL database with pg_dump while the server writes, and restores it into an empty one',
    { timeout: 300_000 },
    async () => {
      const serverUrl = process.env.DATABASE_URL ?? '';
      const source = await createTestDatabase(serverUrl);
      cleanups.push(() => source.dispose());
      const sourceUrl = source.url ?? '';
      const dataDir = await temporaryDir('ballast-backup-pg-source-');
      const elsewhere = await temporaryDir('ballast-backup-pg-files-');
      const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: sourceUrl });
      const file = join(elsewhere, 'postgres.tar.gz');
      const taken = await backUpDuringWrites(server, file, {
        DATA_DIR: dataDir,
        DATABASE_URL: sourceUrl,
      });
      expect(taken.output).toContain('the PostgreSQL database, by ');
      await server.stop();

      const restoredDir = join(elsewhere, 'restored');
      // A database that holds tables is never restored into.
      const intoSource = await inProcess(runRestoreCommand, ['--from', file], {
        DATA_DIR: restoredDir,
        DATABASE_URL: sourceUrl,
      });
      expect(intoSource.code).toBe(1);
      expect(intoSource.stderr).toContain('is not empty');

      const targetUrl = await emptyDatabase(serverUrl);
      const restore = await command(['restore', '--from', file], {
        DATA_DIR: restoredDir,
        DATABASE_URL: targetUrl,
      });
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      await withDatabase({ kind: 'postgres', url: targetUrl }, (database) =>
        expectWholeRestore(database, restoredDir, taken),
      );
    },
  );
});

/** A new, empty database on the test server, dropped after the test. */
async function emptyDatabase(serverUrl: string): Promise<string> {
  const name = `ballast_restore_${randomBytes(6).toString('hex')}`;
  const admin = (statement: string) =>
    withDatabase({ kind: 'postgres', url: serverUrl, maxConnections: 1 }, async (database) => {
      await database.db.execute(sql.raw(statement));
    });
  await admin(`create database "${name}"`);
  cleanups.push(() => admin(`drop database if exists "${name}" with (force)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
