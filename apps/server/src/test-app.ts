import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@ballast/db';
import { type App, buildApp } from './app.ts';
import { type Config, readConfig } from './config.ts';
import { prepareIdentity } from './identity-setup.ts';

/**
 * The real app for tests, in demo mode over the given database, with `env` as the environment.
 * Its log goes to the test run's log directory when there is one (`BALLAST_TEST_LOG_DIR`, which
 * the run scans for secrets at the end), at a real server's level; otherwise it is quiet unless
 * `env` says otherwise. Unless `env` names a DATA_DIR, the data directory, and so the blob store
 * under it, is a fresh temporary one that is removed when the app closes.
 */
export async function buildTestApp(
  database: Database,
  env: Record<string, string> = {},
  logStream?: { write(line: string): void },
): Promise<App & { config: Config; publicToken: string; encryptionKey: string }> {
  const temporaryDir = env.DATA_DIR
    ? undefined
    : join(tmpdir(), `ballast-test-${crypto.randomUUID()}`);
  const runLog = logStream ? undefined : testRunLog();
  const config = readConfig({
    LOG_LEVEL: runLog ? 'info' : 'silent',
    ...(temporaryDir ? { DATA_DIR: temporaryDir } : {}),
    ...env,
  });
  const identity = await prepareIdentity(config, database, 'http://localhost');
  const stream = logStream ?? runLog;
  const built = await buildApp({
    config,
    database,
    identity,
    ...(stream ? { logStream: stream } : {}),
  });
  if (temporaryDir) {
    built.app.addHook('onClose', async () => {
      await rm(temporaryDir, { recursive: true, force: true });
    });
  }
  if (runLog) built.app.addHook('onClose', () => runLog.end());
  return {
    ...built,
    config,
    publicToken: identity.publicToken,
    encryptionKey: identity.options.encryptionKey,
  };
}

/** One log file per app in the run's log directory, if the run has one. */
function testRunLog(): (Writable & { end(): Promise<void> }) | undefined {
  const dir = process.env.BALLAST_TEST_LOG_DIR;
  if (!dir) return undefined;
  const file = createWriteStream(join(dir, `${process.pid}-${crypto.randomUUID()}.log`));
  return {
    write: (line: string) => file.write(line),
    end: () => new Promise<void>((resolve) => file.end(resolve)),
  };
}

type Writable = { write(line: string): void };
