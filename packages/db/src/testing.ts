import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { connectDatabase, type Database, type Db } from './connect.ts';
import { migrateDatabase } from './migrate.ts';
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
 */
export async function createTestDatabase(serverUrl?: string): Promise<TestDatabase> {
  if (!serverUrl) {
    const database = await connectDatabase({ kind: 'pglite' });
    await migrateDatabase(database);
    return { ...database, url: undefined, dispose: () => database.close() };
  }
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
