import type { Browser, BrowserContext } from 'playwright-core';

/** What both ways of hearing of a violation write: the page's event, and Chromium's own line. */
const VIOLATION = /Content Security Policy/i;

/**
 * Runs in every page before its own scripts: reports each `securitypolicyviolation` event on
 * the console, where the context's listener hears it with Chromium's own report.
 */
function reportViolations(): void {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(
      `Content Security Policy violation: ${event.effectiveDirective} refused ${event.blockedURI || 'inline code'} at ${event.sourceFile}:${event.lineNumber}`,
    );
  });
}

export type PolicyViolations = {
  /** The violations heard since the last call, which are then forgotten. */
  take(): string[];
  /** Fails, listing them, when any violation was heard since the last call. */
  expectNone(): void;
};

/**
 * Listens in every context `browser` opens for pages that break the server's
 * Content-Security-Policy (apps/server/src/security-headers.ts): the app must run under the
 * policy the server sends, so a page that needs more than it allows fails the test.
 */
export function watchPolicyViolations(browser: Browser): PolicyViolations {
  let heard: string[] = [];
  const watch = (context: BrowserContext) => {
    context.on('console', (message) => {
      if (VIOLATION.test(message.text())) heard.push(`${message.page()?.url()}: ${message.text()}`);
    });
    // Chromium's own console line still reports what happens before the script is in place, or
    // in a context closed before it got there.
    context.addInitScript(reportViolations).catch(() => undefined);
  };
  browser.on('context', watch);
  for (const context of browser.contexts()) watch(context);
  return {
    take() {
      const taken = heard;
      heard = [];
      return taken;
    },
    expectNone() {
      const taken = this.take();
      if (taken.length > 0) {
        throw new Error(`The page broke its Content-Security-Policy:\n${taken.join('\n')}`);
      }
    },
  };
}
