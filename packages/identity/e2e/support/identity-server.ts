import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildIdentity, type IdentityPluginOptions } from '../../src/build-identity.ts';
import {
  createDevOutbox,
  type DevOutbox,
  type OutboxMessage,
  outboxRoutes,
} from '../../src/delivery/index.ts';
import {
  DEFAULT_LIMITS,
  type IdentityLimits,
  type ProjectSettings,
} from '../../src/identity-options.ts';
import type { IdentityServices } from '../../src/identity-services.ts';

const require = createRequire(import.meta.url);
const SDK_MAIN = require.resolve('@stytch/vanilla-js');
const SDK_BUNDLE = `${SDK_MAIN.slice(0, SDK_MAIN.lastIndexOf('/dist/'))}/dist/iife/index.headless.js`;

export type IdentityTestServer = {
  url: string;
  publicToken: string;
  projectId: string;
  database: TestDatabase;
  services: IdentityServices;
  outbox: DevOutbox;
  /** Waits for the newest message to `to` that satisfies `match`, polling the outbox. */
  waitForMessage(to: string, match?: (message: OutboxMessage) => boolean): Promise<OutboxMessage>;
  stop(): Promise<void>;
};

/**
 * The identity service over real HTTP on `localhost` (so the SDK's cookies need no TLS), with
 * its own fresh database and project, a dev outbox, and a page at `/harness` that loads the
 * official SDK's browser bundle.
 */
export async function startIdentityServer(
  overrides: {
    project?: Partial<ProjectSettings>;
    limits?: Partial<IdentityLimits>;
    /** Any other option of the plugin, for features that need their own configuration. */
    options?: Partial<Omit<IdentityPluginOptions, 'project' | 'limits'>>;
  } = {},
): Promise<IdentityTestServer> {
  const database = await createTestDatabase(process.env.DATABASE_URL);
  const outbox = createDevOutbox(database.db);
  const app: FastifyInstance = Fastify({ logger: false });
  let services: IdentityServices | undefined;
  const publicToken = `public-token-test-${crypto.randomUUID()}`;

  // The port is known only after listen, so redirect URLs are checked against the host alone.
  await app.register(buildIdentity, {
    db: database.db,
    project: {
      projectName: 'Ballast',
      emailDomains: ['ballast.test'],
      passwordPolicy: { kind: 'zxcvbn', minimumScore: 3 },
      pkceRequiredForEmailMagicLinks: false,
      pkceRequiredForPasswordResets: false,
      pkceRequiredForOAuth: true,
      allowedRedirectUrls: ['http://localhost'],
      defaultLoginRedirectUrl: 'http://localhost/authenticate',
      defaultResetPasswordRedirectUrl: 'http://localhost/reset',
      ...overrides.project,
    },
    limits: { ...DEFAULT_LIMITS, ...overrides.limits },
    encryptionKey: 'test-encryption-key',
    messages: outbox,
    corsOrigins: [],
    onReady: (built) => {
      services = built;
    },
    ...overrides.options,
  });
  await app.register(outboxRoutes, { outbox });
  app.get('/sdk.js', async (_request, reply) =>
    reply.type('text/javascript').send(await readFile(SDK_BUNDLE)),
  );
  app.get('/harness', async (_request, reply) =>
    reply
      .type('text/html')
      .send('<!doctype html><title>SDK harness</title><script src="/sdk.js"></script>'),
  );
  await app.listen({ port: 0, host: 'localhost' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  if (!services) throw new Error('identity services were not built');
  const project = await services.projects.ensure({ publicToken, name: 'Ballast' });

  return {
    url: `http://localhost:${address.port}`,
    publicToken,
    projectId: project.id,
    database,
    services,
    outbox,
    async waitForMessage(to, match = () => true) {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const found = (await outbox.list()).find((message) => message.to === to && match(message));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no message to ${to} arrived`);
    },
    async stop() {
      await app.close();
      await database.dispose();
    },
  };
}
