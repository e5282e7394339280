import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  connectDatabase,
  createDirectoryBlobStore,
  createSecretBox,
  migrateDatabase,
} from '@ballast/db';
import { createTestDatabase } from '@ballast/db/testing';
import { seedScenario } from '@ballast/server/seed';
import Fastify from 'fastify';
import { readConfig } from '../../apps/server/src/config.ts';
import { prepareIdentity, registerIdentity } from '../../apps/server/src/identity-setup.ts';

/** What the server needs to start on the seeded data: DATA_DIR, and DATABASE_URL if any. */
type SeededEnv = { DATA_DIR: string; DATABASE_URL?: string };

export type SeededFirm = {
  env: SeededEnv;
  /** Removes the data directory and drops the PostgreSQL database. */
  dispose(): Promise<void>;
};

/**
 * A fresh data directory (and, given a PostgreSQL server, a fresh database on it) holding the
 * `large` scenario with `count` portfolios, seeded here because the server seeds a fixed 10,000.
 * A server started on it with SEED_SCENARIO=large finds the firm's portfolios, leaves them as
 * they are and prints the demo users, as on any restart. The seed runs in a process of its own:
 * it leaves the bundled market and much else in memory, and the load generator, which measures
 * latencies, must not pause for collecting it.
 */
export async function seedLargeFirm(
  serverUrl: string | undefined,
  count: number,
): Promise<SeededFirm> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ballast-bench-load-'));
  const fresh = serverUrl ? await createTestDatabase(serverUrl) : undefined;
  const dispose = async () => {
    await fresh?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  };
  const env: SeededEnv = { DATA_DIR: dataDir, ...(fresh?.url ? { DATABASE_URL: fresh.url } : {}) };
  try {
    const child = fork(import.meta.filename, [JSON.stringify({ env, count })], {
      stdio: 'inherit',
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`seeding the large scenario failed (exit ${code})`);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { env, dispose };
}

/**
 * The seed itself. The identity service it signs people up with is mounted on a Fastify instance
 * that never listens, as the firm command does; its public token and the demo encryption key are
 * kept in the database and the data directory, where the server finds them.
 */
async function seedInto(env: SeededEnv, count: number): Promise<void> {
  const config = readConfig({ LOG_LEVEL: 'silent', ...env });
  const database = await connectDatabase(config.database);
  const app = Fastify();
  try {
    await migrateDatabase(database);
    const identity = await prepareIdentity(config, database, 'http://localhost');
    const { services } = await registerIdentity(app, identity);
    await seedScenario('large', {
      database,
      identity: services,
      publicToken: identity.publicToken,
      box: createSecretBox(identity.options.encryptionKey),
      blobs: createDirectoryBlobStore(join(env.DATA_DIR, 'blobs')),
      largeCount: count,
    });
  } finally {
    await app.close();
    // The embedded database is one process's at a time: the server opens it next.
    await database.close();
  }
}

if (import.meta.main) {
  const { env, count } = JSON.parse(process.argv[2] ?? '{}') as { env: SeededEnv; count: number };
  await seedInto(env, count);
}
