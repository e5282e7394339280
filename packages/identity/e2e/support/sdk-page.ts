import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { IdentityTestServer } from './identity-server.ts';

/** The SDK's own error, as the page sees it thrown. */
export type SdkFailure = { name: string; error_type?: string; message: string };
export type SdkOutcome<T> = { ok: true; value: T } | { ok: false; error: SdkFailure };

/**
 * A browser page running the official headless client against the test server, configured as
 * the web app configures it: `endpoints` pointing here and the JWT cookie named `__session`.
 */
export class SdkPage {
  readonly page: Page;
  readonly context: BrowserContext;

  private constructor(context: BrowserContext, page: Page) {
    this.context = context;
    this.page = page;
  }

  static async open(browser: Browser, server: IdentityTestServer): Promise<SdkPage> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/harness`);
    await page.waitForFunction(() => 'stytch' in window);
    await page.evaluate(
      ({ token, url }) => {
        const sdk = (
          window as unknown as {
            stytch: { createStytchClient: (t: string, o: object) => unknown };
          }
        ).stytch;
        (window as unknown as { client: unknown }).client = sdk.createStytchClient(token, {
          endpoints: { testAPIURL: url, liveAPIURL: url },
          cookieOptions: { jwtCookieName: '__session' },
        });
      },
      { token: server.publicToken, url: server.url },
    );
    return new SdkPage(context, page);
  }

  /**
   * Runs `body` in the page with `client` in scope (the SDK client) and returns its result or
   * the SDK error it threw. `body` is source text so the page, not Node, evaluates it.
   */
  async call<T>(body: string, args: Record<string, unknown> = {}): Promise<SdkOutcome<T>> {
    return this.page.evaluate(
      async ({ body: source, args: input }) => {
        const client = (window as unknown as { client: unknown }).client;
        const run = new Function('client', 'args', `return (async () => { ${source} })();`);
        try {
          return { ok: true as const, value: await run(client, input) };
        } catch (error) {
          const failure = error as { name?: string; error_type?: string; message?: string };
          return {
            ok: false as const,
            error: {
              name: failure.name ?? 'Error',
              ...(failure.error_type ? { error_type: failure.error_type } : {}),
              message: failure.message ?? String(error),
            },
          };
        }
      },
      { body, args },
    );
  }

  async cookie(name: string): Promise<string | undefined> {
    const cookies = await this.context.cookies();
    return cookies.find((cookie) => cookie.name === name)?.value;
  }

  close(): Promise<void> {
    return this.context.close();
  }
}
