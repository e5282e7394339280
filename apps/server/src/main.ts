import { join } from 'node:path';
import { isMonthEnd } from '@ballast/api';
import {
  connectDatabase,
  createDirectoryBlobStore,
  createSecretBox,
  migrateDatabase,
} from '@ballast/db';
import { buildApp } from './app.ts';
import { runBackupCommand } from './backup/backup-command.ts';
import { writeEmbeddedBackup } from './backup/database-copy.ts';
import { claimOperatorSocket } from './backup/operator-socket.ts';
import { runRestoreCommand } from './backup/restore-command.ts';
import { ConfigError, readConfig } from './config.ts';
import { runFirmCommand } from './firm-command.ts';
import { prepareIdentity } from './identity-setup.ts';
import { seedScenario } from './seed/scenarios.ts';
import { runJobCommand } from './valuation/job-command.ts';
import { type RunningValuation, startValuation } from './valuation/start-valuation.ts';
import { valuationEngines } from './valuation/valuation-engine.ts';
import type { CatchUp } from './valuation/valuation-schedule.ts';

async function main(): Promise<void> {
  const config = readConfig(process.env);
  // The embedded database is this process's alone while it runs (decision 026).
  const operator =
    config.database.kind === 'pglite' ? await claimOperatorSocket(config.dataDir) : undefined;
  const database = await connectDatabase(config.database);
  await migrateDatabase(database);
  const identity = await prepareIdentity(config, database, `http://localhost:${config.port}`);
  const { app, identity: identityServices } = await buildApp({ config, database, identity });
  operator?.serveBackups(
    async (destination) => {
      await writeEmbeddedBackup(database, config.dataDir, destination);
    },
    (error) => app.log.error({ err: error }, 'a backup asked for on the operator socket failed'),
  );

  const engines = valuationEngines(config);
  const lines: string[] = [];
  let catchUp: CatchUp | undefined;
  if (config.mode === 'demo') {
    const printProgress = (date: string, through: string) =>
      process.stdout.write(`demo history: valued through ${date} of ${through}\n`);
    const seeded = await seedScenario(config.seedScenario, {
      database,
      identity: identityServices,
      publicToken: identity.publicToken,
      box: createSecretBox(identity.options.encryptionKey),
      blobs: createDirectoryBlobStore(join(config.dataDir, 'blobs')),
      valuation: engines,
      // The demo's firm, people and portfolios take seconds and its three years of history
      // minutes, which the valuation spends after the server answers (decision 035). The other
      // scenarios' day or month of history is valued first, as before, so that a benchmark or a
      // test that starts the server on one finds its firm valued when it answers.
      valueHistory: config.seedScenario !== 'demo',
      onProgress: printProgress,
    });
    if (seeded) {
      lines.push(`  demo firm: ${seeded.firm.name} (${seeded.portfolios} portfolios)`);
      for (const user of seeded.users) {
        lines.push(`demo user: ${user.role} ${user.email} ${user.password}`);
      }
      catchUp = {
        through: seeded.historyThrough,
        onDay: (date, through) => {
          if (isMonthEnd(date)) printProgress(date, through);
        },
      };
    }
  }

  let valuation: RunningValuation | undefined;
  const shutdown = async (signal: string) => {
    app.log.info(`received ${signal}, shutting down`);
    await valuation?.stop();
    await app.close();
    await database.close();
    await operator?.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  const store = config.database.kind === 'pglite' ? config.database.dataDir : 'PostgreSQL server';
  process.stdout.write(
    [
      '',
      `Ballast is running at ${url} (${config.mode} mode)`,
      `  database: ${store}`,
      ...(identity.outbox
        ? [`  outbox: ${url}/dev/outbox (e-mail and SMS are kept here, not sent)`]
        : []),
      ...lines,
      '',
    ].join('\n'),
  );

  // Started once the server answers: the run on start may have a whole history to value.
  valuation = await startValuation(
    config,
    database,
    engines,
    {
      blobs: createDirectoryBlobStore(join(config.dataDir, 'blobs')),
      box: createSecretBox(identity.options.encryptionKey),
    },
    app.log,
    catchUp,
  );
}

function startServer(): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(
        `Ballast failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    }
    process.exit(1);
  });
}

// Without arguments this is the server; `firm …` is the first-run command (decision 022), here
// too so that a container built to run the server can run it with the same image.
const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  startServer();
} else if (command === 'firm') {
  void runFirmCommand(args, process.env, {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(`${text}\n`),
  }).then((code) => {
    process.exitCode = code;
  });
} else if (command === 'job') {
  void runJobCommand(args, process.env, {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(`${text}\n`),
  }).then((code) => {
    process.exitCode = code;
  });
} else if (command === 'backup' || command === 'restore') {
  const run = command === 'backup' ? runBackupCommand : runRestoreCommand;
  void run(args, process.env, {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(`${text}\n`),
  }).then((code) => {
    process.exitCode = code;
  });
} else {
  process.stderr.write(
    `Unknown command "${command}": run without arguments to start the server, "firm --help", "job --help", "backup --help" or "restore --help".\n`,
  );
  process.exitCode = 2;
}
