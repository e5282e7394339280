import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from '../../../../apps/web/e2e/support/browser.ts';
import { type IdentityTestServer, startIdentityServer } from './identity-server.ts';

type ServerOptions = Parameters<typeof startIdentityServer>[0];

/**
 * What `start` makes before the file's first test and `stop` ends after its last; the getter
 * throws if read earlier, so a test never runs against something half started.
 */
function forTheFile<T>(
  what: string,
  start: () => Promise<T>,
  stop: (value: T) => Promise<void>,
): () => T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
  });
  afterAll(async () => {
    if (value !== undefined) await stop(value);
  });
  return () => {
    if (value === undefined) throw new Error(`the ${what} is read before it started`);
    return value;
  };
}

/**
 * The identity server and Chromium that one test file shares, as the web's browser tests share
 * theirs: started before its first test, stopped after its last. Hooks the file registers
 * afterwards run after the start and before the stop; `options` may be a function, for settings
 * known only once an earlier hook has run. Read `suite.server` and `suite.browser` inside hooks
 * and tests, not at the top of the file.
 */
export function identityServerAndBrowser(options?: ServerOptions | (() => ServerOptions)): {
  readonly server: IdentityTestServer;
  readonly browser: Browser;
} {
  const server = forTheFile(
    'server',
    () => startIdentityServer(typeof options === 'function' ? options() : options),
    (started) => started.stop(),
  );
  const browser = forTheFile('browser', launchBrowser, (launched) => launched.close());
  return {
    get server() {
      return server();
    },
    get browser() {
      return browser();
    },
  };
}
