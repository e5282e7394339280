import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import { buildTestApp } from '@ballast/server/testing';

export type RunningServer = { url: string; publicToken: string; stop(): Promise<void> };

/** The real server over real HTTP on a free port, with a fresh database of its own. */
export async function startServer(): Promise<RunningServer> {
  const database: TestDatabase = await createTestDatabase(process.env.DATABASE_URL);
  const { app, publicToken } = await buildTestApp(database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    publicToken,
    async stop() {
      await app.close();
      await database.dispose();
    },
  };
}
