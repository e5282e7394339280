// The identity service alone, for deployments that run it apart from the api (docs/architecture.md
// "Architecture": "each part can also run alone"). Same configuration as the whole server; no web
// app, no api.
import { connectDatabase, migrateDatabase } from '@ballast/db';
import Fastify from 'fastify';
import { ConfigError, readConfig } from './config.ts';
import { prepareIdentity, registerIdentity } from './identity-setup.ts';
import { loggerOptions } from './logger-options.ts';
import { registerSecurityHeaders, securityHeaders } from './security-headers.ts';

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const database = await connectDatabase(config.database);
  await migrateDatabase(database);
  const identity = await prepareIdentity(config, database, `http://localhost:${config.port}`);

  const app = Fastify({ trustProxy: config.trustProxy, logger: loggerOptions(config) });
  registerSecurityHeaders(app, securityHeaders(config));
  await registerIdentity(app, identity);
  app.get('/health', async () => {
    await database.ping();
    return { status: 'ok' };
  });

  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(
    `\nBallast identity service is running at http://localhost:${port}\n  public token: ${identity.publicToken}\n`,
  );
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError
      ? error.message
      : `Ballast identity failed to start: ${error instanceof Error ? error.message : String(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
