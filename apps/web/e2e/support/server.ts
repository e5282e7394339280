import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdvisorRole } from '@ballast/contract';
import { createDirectoryBlobStore, createSecretBox, schema } from '@ballast/db';
import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import { ensurePasswordUser, type IdentityServices } from '@ballast/identity';
import { type SeedScenario, seedScenario } from '@ballast/server/seed';
import { buildTestApp, seededSnapshot } from '@ballast/server/testing';

export type TestUser = {
  email: string;
  password: string;
  role: AdvisorRole;
  firstName: string;
  lastName: string;
  advisorId: string;
};

export type RunningServer = {
  url: string;
  publicToken: string;
  database: TestDatabase;
  identity: IdentityServices;
  /** The seeded firm, when a scenario was seeded. */
  firmId: string | undefined;
  /** The scenario's demo sign-ins, by role. */
  demoUsers: Map<AdvisorRole, TestUser>;
  /** A new firm with no advisors and no portfolios; returns its id. */
  createFirm(): Promise<string>;
  /** A new advisor of the seeded firm (or a new firm) with a password sign-in of their own. */
  createUser(role?: AdvisorRole, options?: { firmId?: string }): Promise<TestUser>;
  /** Waits for the newest outbox message to `to` that `match` accepts. */
  waitForMessage(to: string, match?: (text: string) => boolean): Promise<string>;
  stop(): Promise<void>;
};

const PASSWORD = 'Browser tests walk the ledger 5521';

/**
 * The real server over real HTTP on a free port, with a fresh database of its own, on
 * `localhost` so the sign-in client's cookies need no TLS. `seed` fills it as `npm start` would;
 * `largeCount` makes the `large` scenario smaller, so a browser test can afford to seed it.
 */
export async function startServer(
  options: {
    seed?: SeedScenario;
    largeCount?: number;
    /**
     * Days of history the demo's accounts get: a browser test needs the firm, not its three
     * years, which the seed scenarios' own test values in full.
     */
    demoHistoryDays?: number;
    /** More environment for the server, as an operator would set it (e.g. OAUTH_PROVIDERS). */
    env?: Record<string, string>;
  } = {},
): Promise<RunningServer> {
  const scenario = options.seed ?? 'none';
  const seedOptions = {
    demoHistoryDays: options.demoHistoryDays ?? 35,
    ...(options.largeCount === undefined ? {} : { largeCount: options.largeCount }),
  };
  // A seeded firm comes from the run's snapshot of it (decision 034), unless the test runs on a
  // PostgreSQL server, where the file seeds its own.
  const snapshot =
    scenario === 'none' || process.env.DATABASE_URL
      ? undefined
      : await seededSnapshot({ seed: scenario, ...seedOptions });
  const database: TestDatabase = snapshot
    ? await createTestDatabase(undefined, { from: snapshot.dump })
    : await createTestDatabase(process.env.DATABASE_URL);
  const dataDir = join(tmpdir(), `ballast-test-${crypto.randomUUID()}`);
  await snapshot?.copyDataDir(dataDir);
  // Links in e-mails and passkeys are bound to the server's URL, so it is known before start.
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const { app, publicToken, identity, config, encryptionKey } = await buildTestApp(database, {
    ENGINE_THREADS: '0',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ...options.env,
  });
  app.addHook('onClose', () => rm(dataDir, { recursive: true, force: true }));
  await app.listen({ port, host: 'localhost' });

  const seeded =
    snapshot?.seeded ??
    (await seedScenario(scenario, {
      database,
      identity,
      publicToken,
      box: createSecretBox(encryptionKey),
      blobs: createDirectoryBlobStore(join(config.dataDir, 'blobs')),
      ...seedOptions,
    }));
  const demoUsers = new Map<AdvisorRole, TestUser>();
  if (seeded) {
    const advisors = await database.db
      .select({ id: schema.advisors.id, email: schema.advisors.email })
      .from(schema.advisors);
    for (const user of seeded.users) {
      const advisorId = advisors.find((advisor) => advisor.email === user.email)?.id ?? '';
      demoUsers.set(user.role as AdvisorRole, {
        ...user,
        role: user.role as AdvisorRole,
        advisorId,
      });
    }
  }
  const project = await identity.projects.byPublicToken(publicToken);

  return {
    url,
    publicToken,
    database,
    identity,
    firmId: seeded?.firm.id,
    demoUsers,
    async createUser(role = 'ADVISOR', userOptions = {}) {
      let firmId = userOptions.firmId ?? seeded?.firm.id;
      if (!firmId) {
        const [firm] = await database.db
          .insert(schema.firms)
          .values({ name: `Firm ${crypto.randomUUID().slice(0, 8)}` })
          .returning({ id: schema.firms.id });
        firmId = firm?.id ?? '';
      }
      const suffix = crypto.randomUUID().slice(0, 8);
      const user = {
        email: `${role.toLowerCase()}.${suffix}@ballast.test`,
        password: PASSWORD,
        role,
        firstName: 'Casey',
        lastName: `Tester${suffix.replace(/\d/g, '')}`,
      };
      const [advisor] = await database.db
        .insert(schema.advisors)
        .values({
          firmId,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role,
        })
        .returning({ id: schema.advisors.id });
      await ensurePasswordUser(database.db, project, user);
      return { ...user, advisorId: advisor?.id ?? '' };
    },
    async createFirm() {
      const [firm] = await database.db
        .insert(schema.firms)
        .values({ name: `Firm ${crypto.randomUUID().slice(0, 8)}` })
        .returning({ id: schema.firms.id });
      return firm?.id ?? '';
    },
    async waitForMessage(to, match = () => true) {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const response = await fetch(`${url}/dev/outbox.json`);
        const messages = (await response.json()) as { to: string; text: string }[];
        const found = messages.find((message) => message.to === to && match(message.text));
        if (found) return found.text;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no message to ${to} arrived`);
    },
    async stop() {
      await app.close();
      await database.dispose();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, 'localhost', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
