// The engine alone, for deployments that compute apart from the api (docs/architecture.md
// "Architecture": "many worker processes pulling jobs from PostgreSQL"). Claims queued
// simulation runs from the shared database and computes them on ENGINE_THREADS threads
// (decision 014), and takes batches of the daily valuation from pg-boss's queue (decision 024);
// any number may run side by side.

import { join } from 'node:path';
import { createSimulationRunner } from '@ballast/api';
import {
  connectDatabase,
  createDirectoryBlobStore,
  createSecretBox,
  migrateDatabase,
} from '@ballast/db';
import pino from 'pino';
import { ConfigError, readConfig } from './config.ts';
import { encryptionKeyOf } from './identity-setup.ts';
import { loggerOptions } from './logger-options.ts';
import { readMarketSource } from './market-source.ts';
import { startValuation } from './valuation/start-valuation.ts';
import { valuationEngines } from './valuation/valuation-engine.ts';

/** How often an idle worker looks for runs the api queued. */
const POLL_MS = 500;

async function main(): Promise<void> {
  const config = readConfig(process.env);
  if (config.database.kind !== 'postgres') {
    throw new ConfigError(
      "Invalid configuration:\n  DATABASE_URL: a worker shares the api's PostgreSQL server; the embedded database belongs to one process",
    );
  }
  if (config.engineThreads === 0) {
    throw new ConfigError('Invalid configuration:\n  ENGINE_THREADS: a worker needs at least one');
  }
  const log = pino(loggerOptions(config));
  const database = await connectDatabase(config.database);
  await migrateDatabase(database);
  const market = await readMarketSource(config);
  const runner = createSimulationRunner(
    database.db,
    { threads: config.engineThreads, market },
    log,
  );
  const poll = setInterval(() => runner.wake(), POLL_MS);
  runner.wake();
  const stores = {
    blobs: createDirectoryBlobStore(join(config.dataDir, 'blobs')),
    box: createSecretBox(await encryptionKeyOf(config)),
  };
  const valuation = await startValuation(config, database, valuationEngines(config), stores, log);

  const shutdown = async (signal: string) => {
    log.info(`received ${signal}, finishing the runs in hand`);
    clearInterval(poll);
    await valuation.stop();
    await runner.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.stdout.write(
    `Ballast worker computing on ${config.engineThreads} engine threads, and valuing portfolios\n`,
  );
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError
      ? error.message
      : `Ballast worker failed to start: ${error instanceof Error ? error.message : String(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
