import { join } from 'node:path';
import type { AdvisorRole } from '@ballast/contract';
import { createDirectoryBlobStore, schema } from '@ballast/db';
import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import { ensurePasswordUser } from '@ballast/identity';
import { buildTestApp } from '@ballast/server/testing';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';

const PASSWORD = 'fixture passphrase for the api tests 4471';

type ApiOptions = { engineThreads?: number };

export type SignedIn = {
  jwt: string;
  advisorId: string;
  firmId: string;
  email: string;
  /** The identity session behind the JWT, for tests that check it has ended. */
  sessionToken?: string;
};

type SdkAnswer = {
  status: number;
  body: {
    data?: { session_jwt: string; session_token: string };
    error_type?: string;
  };
};

/**
 * The whole server over a fresh database, with helpers to make firms and advisors and to sign
 * them in through the real identity service, so every api test holds a real session JWT.
 *
 * Simulation runs stay queued, as for an api whose engine runs in other processes, unless
 * `engineThreads` gives this server threads of its own to compute them on.
 */
async function startApi(options: ApiOptions = {}) {
  const database: TestDatabase = await createTestDatabase(process.env.DATABASE_URL);
  const { app, identity, publicToken, config } = await buildTestApp(database, {
    ENGINE_THREADS: String(options.engineThreads ?? 0),
  });
  // The app's own blob directory, for tests that store generated documents directly.
  const blobs = createDirectoryBlobStore(join(config.dataDir, 'blobs'));
  const project = await identity.projects.byPublicToken(publicToken);

  async function createFirm(name = `Firm ${crypto.randomUUID().slice(0, 8)}`): Promise<string> {
    const [firm] = await database.db
      .insert(schema.firms)
      .values({ name })
      .returning({ id: schema.firms.id });
    if (!firm) throw new Error('no firm');
    return firm.id;
  }

  async function signIn(
    role: AdvisorRole,
    options: { firmId?: string; status?: 'ACTIVE' | 'INACTIVE' } = {},
  ): Promise<SignedIn> {
    const firmId = options.firmId ?? (await createFirm());
    const email = `${role.toLowerCase()}.${crypto.randomUUID()}@ballast.test`;
    const [advisor] = await database.db
      .insert(schema.advisors)
      .values({
        firmId,
        email,
        firstName: 'Test',
        lastName: role,
        role,
        status: options.status ?? 'ACTIVE',
      })
      .returning({ id: schema.advisors.id });
    await ensurePasswordUser(database.db, project, {
      email,
      password: PASSWORD,
      firstName: 'Test',
      lastName: role,
    });
    const response = await sdk('/passwords/authenticate', {
      email,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    const jwt = response.body.data?.session_jwt;
    if (!advisor || !jwt) throw new Error(`could not sign in: ${JSON.stringify(response.body)}`);
    return {
      jwt,
      advisorId: advisor.id,
      firmId,
      email,
      sessionToken: response.body.data?.session_token ?? '',
    };
  }

  /** A new session of someone already signed in, as a second browser of theirs would hold. */
  async function signInAgain(as: SignedIn): Promise<SignedIn> {
    const response = await sdk('/passwords/authenticate', {
      email: as.email,
      password: PASSWORD,
      session_duration_minutes: 60,
    });
    const jwt = response.body.data?.session_jwt;
    if (!jwt) throw new Error(`could not sign in again: ${JSON.stringify(response.body)}`);
    return { ...as, jwt, sessionToken: response.body.data?.session_token ?? '' };
  }

  /** Calls the identity service's SDK protocol, with the public token or a session token. */
  async function sdk(
    path: string,
    payload: object,
    sessionToken = publicToken,
  ): Promise<SdkAnswer> {
    const response = await app.inject({
      method: 'POST',
      url: `/sdk/v1${path}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${publicToken}:${sessionToken}`).toString('base64')}`,
      },
      payload,
    });
    return { status: response.statusCode, body: response.json() as SdkAnswer['body'] };
  }

  /** The messages the demo outbox holds for an address, newest first. */
  async function messagesTo(email: string): Promise<{ subject: string; text: string }[]> {
    const response = await app.inject({ method: 'GET', url: '/dev/outbox.json' });
    return (response.json() as { to: string; subject: string; text: string }[]).filter(
      (message) => message.to === email,
    );
  }

  /** Calls the api as the signed-in advisor (or anonymously with `as: undefined`). */
  function call(as: SignedIn | undefined, options: InjectOptions) {
    return app.inject({
      ...options,
      url: `/api${String(options.url)}`,
      headers: { ...options.headers, ...(as ? { authorization: `Bearer ${as.jwt}` } : {}) },
    });
  }

  return {
    app: app as FastifyInstance,
    identity,
    database,
    blobs,
    /** The data directory, which a second server of the same database must share. */
    dataDir: config.dataDir,
    publicToken,
    createFirm,
    signIn,
    signInAgain,
    call,
    sdk,
    messagesTo,
    async stop() {
      await app.close();
      await database.dispose();
    },
  };
}

export type Api = Awaited<ReturnType<typeof startApi>>;

/**
 * Starts the api before the tests of the describe block it is called in, and stops it after
 * them. What it answers stands for the started api, so it can be handed on (to accountSteps,
 * say) before the api is up.
 */
export function useApi(options: ApiOptions = {}): Api {
  let started: Api | undefined;
  beforeAll(async () => {
    started = await startApi(options);
  });
  afterAll(() => started?.stop());
  return new Proxy({} as Api, {
    get(_target, key) {
      if (!started) throw new Error('The api is used before its tests have started it.');
      return Reflect.get(started, key);
    },
  });
}
