import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { answerRouterError, buildApi, createSessionVerifier } from '@ballast/api';
import { clientErrorResponse, NOT_FOUND_DETAIL, type RuntimeConfig } from '@ballast/contract';
import { createDirectoryBlobStore, type Database } from '@ballast/db';
import type { IdentityServices } from '@ballast/identity';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { createAdvisorAccess } from './advisor-access.ts';
import type { Config } from './config.ts';
import { type IdentitySetup, registerIdentity } from './identity-setup.ts';
import { loggerOptions } from './logger-options.ts';
import { readMarketSource } from './market-source.ts';
import { registerSecurityHeaders, securityHeaders } from './security-headers.ts';
import { offeredMethods, signInBounds } from './sign-in-bounds.ts';

export type AppDependencies = {
  config: Pick<
    Config,
    | 'publicUrl'
    | 'webRoot'
    | 'logLevel'
    | 'trustProxy'
    | 'dataDir'
    | 'engineThreads'
    | 'marketDataDir'
    | 'oauthProviders'
    | 'sms'
    | 'mode'
    | 'support'
    | 'sessionMaxMinutes'
    | 'valuation'
  >;
  database: Database;
  identity: IdentitySetup;
  /** Where log lines go; standard output unless a test wants to read them. */
  logStream?: { write(line: string): void };
};

// A sign-in lasts a working day unless the server allows less; the SDK keeps it alive meanwhile.
const WORKING_DAY_MINUTES = 12 * 60;

export type App = { app: FastifyInstance; identity: IdentityServices };

/**
 * The whole system as one Fastify app: the web app at `/`, the provider API under `/api`, the
 * identity service under `/sdk/v1` (with its JWKS), and the browser configuration at
 * `/config.json`. `main.ts` only adds `listen`, so tests build this very app and call it over
 * `inject` or real HTTP.
 */
export async function buildApp({
  config,
  database,
  identity,
  logStream,
}: AppDependencies): Promise<App> {
  const headers = securityHeaders(config);
  const app = Fastify({
    trustProxy: config.trustProxy,
    logger: loggerOptions(config, logStream),
    // Request ids let an operator match a client's error report to the log line.
    genReqId: () => crypto.randomUUID(),
    // What the router refuses is answered before any hook runs, so it gets the headers here.
    frameworkErrors: (error, request, reply) => {
      headers.setOn(request, reply);
      answerRouterError(error, request, reply);
    },
  });
  // First, so that every part's answers carry them.
  registerSecurityHeaders(app, headers);

  const { services, project } = await registerIdentity(app, identity);
  const bounds = signInBounds(config);
  await app.register(buildApi, {
    prefix: '/api',
    db: database.db,
    checkDatabase: () => database.ping(),
    encryptionKey: identity.options.encryptionKey,
    blobs: createDirectoryBlobStore(join(config.dataDir, 'blobs')),
    engine: { threads: config.engineThreads, market: await readMarketSource(config) },
    verifySession: createSessionVerifier({
      fetchKeySet: () => services.keys.published(),
      projectId: project.id,
    }),
    access: createAdvisorAccess(services, project),
    signIn: bounds,
    valuationTime: config.valuation.at,
  });

  app.get('/config.json', async (request, reply): Promise<RuntimeConfig> => {
    const base = config.publicUrl ?? originOf(request);
    reply.header('cache-control', 'no-store');
    return {
      apiUrl: `${base}/api`,
      identityUrl: base,
      publicToken: identity.publicToken,
      signIn: {
        methods: await offeredMethods(database.db, bounds),
        oauthProviders: config.oauthProviders.map((provider) => provider.name),
        // Demo mode keeps text messages in the outbox; production needs a webhook to send them.
        sms: config.sms !== undefined || config.mode === 'demo',
        sessionMinutes: Math.min(WORKING_DAY_MINUTES, config.sessionMaxMinutes),
      },
      support: config.support,
    };
  });

  await registerWebApp(app, config.webRoot);
  return { app, identity: services };
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

// Paths the server answers itself, never pages of the app: an unknown one is a 404, so that, say,
// /dev/outbox in production mode (which has no outbox) is plainly not there.
const SERVER_PATHS = /^\/(api|sdk|dev|\.well-known)(\/|$)/;

/** Serves the built single-page app, with `index.html` for every client-side route. */
async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  if (!existsSync(join(webRoot, 'index.html'))) {
    throw new Error(`The web app is not built (no ${webRoot}/index.html): run \`npm run build\`.`);
  }
  await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPageRequest =
      request.method === 'GET' && !/\.\w+$/.test(path) && !SERVER_PATHS.test(path);
    if (isPageRequest) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send(clientErrorResponse('not_found', NOT_FOUND_DETAIL));
  });
}
