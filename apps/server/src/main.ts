import { connectDatabase, migrateDatabase } from '@ballast/db';
import { buildApp } from './app.ts';
import { ConfigError, readConfig } from './config.ts';
import { seedDemoFirm } from './seed-demo.ts';

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const database = await connectDatabase(config.database);
  await migrateDatabase(database);
  const demo = await seedDemoFirm(database);
  const app = await buildApp({ config, database });

  const shutdown = async (signal: string) => {
    app.log.info(`received ${signal}, shutting down`);
    await app.close();
    await database.close();
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
      `Ballast is running at ${url}`,
      `  database: ${store}`,
      `  demo firm: ${demo.name}`,
      '',
    ].join('\n'),
  );
}

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
