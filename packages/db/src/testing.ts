import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { connectDatabase, type Database, type Db } from './connect.ts';
import { migrateDatabase, migrationsFolder } from './migrate.ts';
import { identityOutbox } from './schema/identity.ts';

export type TestDatabase = Database & {
  /** The connection URL of a server-backed test database; undefined for in-memory PGlite. */
  url: string | undefined;
  /** Closes the connection and drops whatever the test created. */
  dispose(): Promise<void>;
};

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by `serverUrl` (CI passes DATABASE_URL), dropped on dispose.
 * An embedded one may start from `from`, a dump of a migrated and seeded one, instead of the
 * empty template.
 */
export async function createTestDatabase(
  serverUrl?: string,
  options: { from?: Blob } = {},
): Promise<TestDatabase> {
  if (!serverUrl) {
    const database = await connectDatabase({
      kind: 'pglite',
      loadDataDir: options.from ?? (await migratedTemplate()),
    });
    return { ...database, url: undefined, dispose: () => database.close() };
  }
  if (options.from) throw new Error('A dump loads only into an embedded test database.');
  const name = `ballast_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await connectDatabase({
    kind: 'postgres',
    url: url.toString(),
    maxConnections: 4,
  });
  await migrateDatabase(database);
  return {
    ...database,
    url: url.toString(),
    dispose: async () => {
      await database.close();
      await withAdminClient(serverUrl, (client) => dropWhenIdle(client, name));
    },
  };
}

const PGLITE_ENTRY = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
const PGLITE_PACKAGE = join(
  PGLITE_ENTRY.slice(0, PGLITE_ENTRY.lastIndexOf('/dist/')),
  'package.json',
);

/**
 * An empty embedded database with every migration applied, as a data-directory dump. Making an
 * embedded database from nothing takes seconds (initdb in WebAssembly), loading a dump about one;
 * so the first test file of a run to need one writes it to the temporary directory, under a name
 * that changes with the migrations and the PGlite version, and every later file loads it.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256').update(await readFile(PGLITE_PACKAGE));
  const files = (await readdir(migrationsFolder, { recursive: true })).sort();
  for (const file of files.filter((name) => name.endsWith('.sql') || name.endsWith('.json'))) {
    hash.update(file).update(await readFile(join(migrationsFolder, file)));
  }
  const path = join(tmpdir(), `ballast-migrated-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  const saved = await readFile(path).catch(() => undefined);
  if (saved) return new Blob([saved]);
  const database = await connectDatabase({ kind: 'pglite' });
  try {
    await migrateDatabase(database);
    const dump = await (database.dumpDataDir?.() ?? Promise.reject(new Error('no dump')));
    // Written aside and renamed, so a file running alongside never reads half of it.
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
    return dump;
  } finally {
    await database.close();
  }
}

/**
 * Drops a test database once its connections are gone. The pool's `end()` resolves before its
 * sockets have closed, and forcing the drop then would kill those backends mid-goodbye, which
 * surfaces as an uncaught error in whichever test runs next; so it waits (up to five seconds)
 * for the server to see them leave.
 */
async function dropWhenIdle(client: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ open: number }>(
      'select count(*)::int as open from pg_stat_activity where datname = $1',
      [name],
    );
    if ((rows[0]?.open ?? 0) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await client.query(`drop database if exists "${name}" with (force)`);
}

async function withAdminClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The link in the newest message the outbox holds for `email`, once there is one other than
 * `previous`: messages are sent after the call that asks for them has answered.
 */
export async function linkMailedTo(
  db: Db,
  email: string,
  previous?: string,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [message] = await db
      .select({ text: identityOutbox.text })
      .from(identityOutbox)
      .where(eq(identityOutbox.recipient, email))
      .orderBy(desc(identityOutbox.createdAt))
      .limit(1);
    const link = /https?:\/\/\S+/.exec(message?.text ?? '')?.[0];
    if (link && link !== previous) return link;
    if (Date.now() > deadline) throw new Error(`no new link was mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * What the database answered a statement expected to be refused, in its own words (the query
 * builder wraps them in its "Failed query" error); `not refused` when it ran.
 */
export async function refusalOf(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return String(cause instanceof Error ? cause.message : error);
  }
  return 'not refused';
}
