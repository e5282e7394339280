import type { SignInBounds } from '@ballast/contract';
import { type BlobStore, createSecretBox, type Db } from '@ballast/db';
import { type MarketSource, marketVersionOf } from '@ballast/engine/node';
import type { FastifyPluginAsync } from 'fastify';
import { registerAdministrationRoutes } from './administration/administration-routes.ts';
import type { AdvisorAccess } from './administration/advisor-access.ts';
import { authenticate, createCallerCache } from './auth/authenticate.ts';
import type { SessionVerifier } from './auth/session-verifier.ts';
import { registerErrorHandling } from './error-handling.ts';
import { type HealthCheck, registerHealthRoute } from './health.ts';
import { rateCounterStore } from './rate-counter-store.ts';
import { registerRequestLimits } from './request-limits.ts';
import { registerActionRoutes } from './routes/action-routes.ts';
import { registerAdvisorRoutes } from './routes/advisor-routes.ts';
import { registerCustodianRoutes } from './routes/custodian-routes.ts';
import { registerDocsRoutes } from './routes/docs-routes.ts';
import { registerDocumentRoutes } from './routes/document-routes.ts';
import { registerExportRoutes } from './routes/export-routes.ts';
import { registerHoldingRoutes } from './routes/holding-routes.ts';
import { registerPortfolioRoutes } from './routes/portfolio-routes.ts';
import { registerRecordExportRoutes } from './routes/record-export-routes.ts';
import { registerSignInPolicyRoutes } from './routes/sign-in-policy-routes.ts';
import { registerSimulationRoutes } from './routes/simulation-routes.ts';
import { registerStrategyCatalogueRoutes } from './routes/strategy-catalogue-routes.ts';
import { registerStrategyStyleRoutes } from './routes/strategy-style-routes.ts';
import { registerValuationRoutes } from './routes/valuation-routes.ts';
import { createSimulationRunner } from './simulations/simulation-runner.ts';
import type { ValuationTime } from './valuation/due-day.ts';

export type ApiOptions = {
  db: Db;
  checkDatabase: HealthCheck;
  /** Verifies the Bearer session JWT against the identity service's keys. */
  verifySession: SessionVerifier;
  /** Encrypts personal data at the column level. */
  encryptionKey: string;
  /** Where the bytes of KYC uploads and generated statements and tax reports are kept. */
  blobs: BlobStore;
  /**
   * How many threads this process computes simulations on (0 leaves queued runs to other
   * processes), and the market data: the bundled market unless a firm's files are given.
   */
  engine: { threads: number; market?: MarketSource };
  /** Tells the identity service who may sign in, and invites new users (decision 022). */
  access: AdvisorAccess;
  /** What the installation's configuration allows a firm's sign-in policy (decision 023). */
  signIn: SignInBounds;
  /** When the daily valuation runs, which says which day it owes (decision 024). */
  valuationTime: ValuationTime;
};

/** The provider API as one Fastify plugin; the server mounts it under `/api`. */
export const buildApi: FastifyPluginAsync<ApiOptions> = async (app, options) => {
  registerErrorHandling(app);
  const callers = createCallerCache();
  await registerRequestLimits(app, {
    // Counted per person, not per session: signing in again, or in another browser, must not
    // buy more calls. Nor per address, which a firm's office shares. The limits run before the
    // handler, so they authenticate the call (once a request, see authenticate); a call with no
    // valid session is refused here just as its handler would refuse it.
    callerKey: async (request) =>
      (await authenticate(request, options.db, options.verifySession, callers)).advisorId,
    store: rateCounterStore(options.db),
  });
  registerHealthRoute(app, options.checkDatabase);
  await registerDocsRoutes(app);
  const runner =
    options.engine.threads > 0
      ? createSimulationRunner(options.db, options.engine, app.log)
      : undefined;
  if (runner) {
    // Runs queued while no process computed them, or whose claim lapsed, start now.
    app.addHook('onReady', async () => runner.wake());
    app.addHook('onClose', () => runner.close());
  }
  const context = {
    db: options.db,
    verify: options.verifySession,
    box: createSecretBox(options.encryptionKey),
    blobs: options.blobs,
    callers,
    access: options.access,
    signIn: options.signIn,
    valuationTime: options.valuationTime,
    simulations: {
      market: marketVersionOf(options.engine.market ?? { kind: 'generated' }),
      ...(runner ? { runner } : {}),
    },
  };
  registerAdvisorRoutes(app, context);
  registerCustodianRoutes(app, context);
  registerPortfolioRoutes(app, context);
  registerActionRoutes(app, context);
  await registerDocumentRoutes(app, context);
  registerHoldingRoutes(app, context);
  registerExportRoutes(app, context);
  registerRecordExportRoutes(app, context);
  registerStrategyStyleRoutes(app, context);
  registerStrategyCatalogueRoutes(app, context);
  registerSignInPolicyRoutes(app, context);
  registerSimulationRoutes(app, context);
  registerValuationRoutes(app, context);
  await registerAdministrationRoutes(app, context);
};
