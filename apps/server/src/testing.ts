import type { Database } from '@ballast/db';
import { type App, buildApp } from './app.ts';
import { type Config, readConfig } from './config.ts';
import { prepareIdentity } from './identity-setup.ts';

/**
 * The real app for tests, in demo mode over the given database, with `env` as the environment
 * (quiet logs unless it says otherwise). The data directory is a fresh temporary one.
 */
export async function buildTestApp(
  database: Database,
  env: Record<string, string> = {},
  logStream?: { write(line: string): void },
): Promise<App & { config: Config; publicToken: string; encryptionKey: string }> {
  const config = readConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: `/tmp/ballast-test-${crypto.randomUUID()}`,
    ...env,
  });
  const identity = await prepareIdentity(config, database, 'http://localhost');
  const built = await buildApp({ config, database, identity, ...(logStream ? { logStream } : {}) });
  return {
    ...built,
    config,
    publicToken: identity.publicToken,
    encryptionKey: identity.options.encryptionKey,
  };
}
