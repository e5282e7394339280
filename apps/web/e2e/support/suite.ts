import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { type PolicyViolations, watchPolicyViolations } from './content-security-policy.ts';
import { type RunningServer, startServer } from './server.ts';

/**
 * The real server (started with `options`) and Chromium that one test file shares: started
 * before its first test, stopped after its last. Hooks the file registers afterwards run after
 * the start and before the stop. The object fills in as they start, so read `suite.server` and
 * `suite.browser` inside hooks and tests, not at the top of the file.
 */
/** A seeded demo firm has its history valued before the server is ready: minutes, not seconds. */
const SERVER_START_MS = 900_000;

export function serverAndBrowser(options?: Parameters<typeof startServer>[0]): {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** What the pages did against the server's Content-Security-Policy; each test must do nothing. */
  readonly policyViolations: PolicyViolations;
} {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let violations: PolicyViolations | undefined;
  beforeAll(async () => {
    server = await startServer(options);
    browser = await launchBrowser();
    violations = watchPolicyViolations(browser);
  }, SERVER_START_MS);
  // Registered first, so it runs after the file's own hooks have closed their pages.
  afterEach(() => violations?.expectNone());
  afterAll(async () => {
    try {
      // What the file's own last hooks made happen.
      violations?.expectNone();
    } finally {
      await browser?.close();
      await server?.stop();
    }
  });
  return {
    get server() {
      if (!server) throw new Error('the server is read before it started');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is read before it started');
      return browser;
    },
    get policyViolations() {
      if (!violations) throw new Error('the browser is read before it started');
      return violations;
    },
  };
}
