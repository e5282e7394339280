import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  connectDatabase,
  createDirectoryBlobStore,
  createSecretBox,
  type Database,
  migrateDatabase,
} from '@ballast/db';
import { createTestDatabase } from '@ballast/db/testing';
import { seedScenario } from '@ballast/server/seed';
import Fastify from 'fastify';
import { readConfig } from '../../apps/server/src/config.ts';
import { prepareIdentity, registerIdentity } from '../../apps/server/src/identity-setup.ts';

export type SeededFirm = {
  /** What the server needs to start on the seeded data: DATA_DIR, and DATABASE_URL if any. */
  env: Record<string, string>;
  /** Removes the data directory and drops the PostgreSQL database. */
  dispose(): Promise<void>;
};

/**
 * A fresh data directory (and, given a PostgreSQL server, a fresh database on it) holding the
 * `large` scenario with `count` portfolios, seeded here because the server seeds a fixed 10,000.
 * A server started on it with SEED_SCENARIO=large finds the firm's portfolios, leaves them as
 * they are and prints the demo users, as on any restart. The identity service the seed signs
 * people up with is mounted on a Fastify instance that never listens, as the firm command does;
 * its public token and the demo encryption key are kept in the database and the data directory,
 * where the server finds them.
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
  const env = { DATA_DIR: dataDir, ...(fresh?.url ? { DATABASE_URL: fresh.url } : {}) };
  try {
    await seedInto(fresh, env, count);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { env, dispose };
}

async function seedInto(
  fresh: Database | undefined,
  env: { DATA_DIR: string; DATABASE_URL?: string },
  count: number,
): Promise<void> {
  const config = readConfig({ LOG_LEVEL: 'silent', ...env });
  let database: Database;
  if (fresh) {
    database = fresh;
  } else {
    database = await connectDatabase(config.database);
    await migrateDatabase(database);
  }
  const identity = await prepareIdentity(config, database, 'http://localhost');
  const app = Fastify();
  try {
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
    if (!fresh) await database.close();
  }
}
