import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { CDPSession, Page } from 'playwright-core';
import type { RunningServer, TestUser } from './server.ts';

/**
 * Test set-up on the identity side of the server: factors attached to an advisor's sign-in, as
 * if the advisor had added them earlier, and the outbox's links and codes.
 */

export async function identityUserIdOf(server: RunningServer, email: string): Promise<string> {
  const [row] = await server.database.db
    .select({ userId: schema.identityEmails.userId })
    .from(schema.identityEmails)
    .where(eq(schema.identityEmails.email, email.toLowerCase()));
  if (!row) throw new Error(`${email} has no sign-in`);
  return row.userId;
}

async function projectIdOf(server: RunningServer): Promise<string> {
  return (await server.identity.projects.byPublicToken(server.publicToken)).id;
}

/** Gives the advisor's sign-in a verified mobile number (E.164). */
export async function attachPhoneNumber(
  server: RunningServer,
  email: string,
  phoneNumber: string,
): Promise<void> {
  await server.database.db.insert(schema.identityPhoneNumbers).values({
    id: `phone-number-test-${crypto.randomUUID()}`,
    userId: await identityUserIdOf(server, email),
    projectId: await projectIdOf(server),
    phoneNumber,
    verified: true,
  });
}

/** Gives the advisor's sign-in an Ethereum wallet. */
export async function attachEthereumWallet(
  server: RunningServer,
  email: string,
  address: string,
): Promise<void> {
  await server.database.db.insert(schema.identityCryptoWallets).values({
    id: `crypto-wallet-test-${crypto.randomUUID()}`,
    userId: await identityUserIdOf(server, email),
    projectId: await projectIdOf(server),
    walletType: 'ethereum',
    address: address.toLowerCase(),
  });
}

/** Sends and sign-ins may follow each other faster than the per-address limits allow. */
export async function clearRateLimits(server: RunningServer): Promise<void> {
  await server.database.db.delete(schema.identityRateCounters);
}

/** One call of the sign-in protocol over HTTP, as the browser SDK makes it. */
async function callIdentity<T>(
  server: RunningServer,
  path: string,
  body: object,
  sessionToken?: string,
): Promise<T> {
  const secret = sessionToken ?? server.publicToken;
  const response = await fetch(`${server.url}/sdk/v1${path}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${server.publicToken}:${secret}`).toString('base64')}`,
      'content-type': 'application/json',
      'x-sdk-parent-host': server.url,
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data?: T };
  if (!response.ok || !answer.data) {
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return answer.data;
}

const TOTP_STEP_MS = 30_000;

/** The code an authenticator app shows `offsetSteps` 30-second steps from now. */
export function authenticatorCode(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + offsetSteps * TOTP_STEP_MS,
  });
}

/** Returns at once with five seconds or more left in the current step, else when the next begins. */
async function stepWithTimeToSpare(): Promise<void> {
  const left = TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * Enrols an authenticator app for the user, as the SDK does (password sign-in, `totps.create`,
 * then its first code). The first code is the previous step's, so the current step's code is
 * still unused for the sign-in under test.
 */
export async function enrolAuthenticator(
  server: RunningServer,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { session_token: session } = await callIdentity<{ session_token: string }>(
    server,
    '/passwords/authenticate',
    { email: user.email, password: user.password, session_duration_minutes: 60 },
  );
  const created = await callIdentity<{ secret: string; recovery_codes: string[] }>(
    server,
    '/totps',
    { expiration_minutes: 60 },
    session,
  );
  // The previous step's code is one step from the edge of the ±1 window: were the step to turn
  // between making the code and the server checking it, it would be refused. Start a fresh step.
  await stepWithTimeToSpare();
  // Proving the factor hands out a new session token; the old one no longer names the session.
  const proved = await callIdentity<{ session_token: string }>(
    server,
    '/totps/authenticate',
    { totp_code: authenticatorCode(created.secret, -1), session_duration_minutes: 60 },
    session,
  );
  await callIdentity(server, '/sessions/revoke', {}, proved.session_token);
  return { secret: created.secret, recoveryCodes: created.recovery_codes };
}

const require = createRequire(import.meta.url);
const SDK_MAIN = require.resolve('@stytch/vanilla-js');
const SDK_BUNDLE = `${SDK_MAIN.slice(0, SDK_MAIN.lastIndexOf('/dist/'))}/dist/iife/index.headless.js`;

/**
 * Runs `body` (source text, with `client` and `args` in scope) against a second copy of the
 * official SDK loaded into the app's page. Both clients share the page's cookies and the SDK's
 * per-token state, so this is how a test does, in the user's own browser, what the app has no
 * screen for yet (registering a passkey).
 */
export async function runSdkInPage<T>(
  page: Page,
  server: RunningServer,
  body: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  if (!(await page.evaluate(() => 'stytch' in window))) {
    // Evaluated as the test's own script, not added as an inline <script> the page's
    // Content-Security-Policy rightly refuses.
    await page.evaluate(await readFile(SDK_BUNDLE, 'utf8'));
  }
  return page.evaluate(
    async ({ source, input, token, url }) => {
      const scope = window as unknown as {
        stytch: { createStytchClient(token: string, options: object): unknown };
        testClient?: unknown;
      };
      scope.testClient ??= scope.stytch.createStytchClient(token, {
        endpoints: { testAPIURL: url, liveAPIURL: url },
        cookieOptions: { jwtCookieName: '__session' },
      });
      const run = new Function('client', 'args', `return (async () => { ${source} })();`);
      return run(scope.testClient, input) as T;
    },
    { source: body, input: args, token: server.publicToken, url: server.url },
  );
}

/** The link in an e-mail from the outbox. */
export function linkIn(text: string): string {
  const link = /(https?:\/\/\S+)/.exec(text)?.[1];
  if (!link) throw new Error(`no link in the message: ${text}`);
  return link;
}

/** The six-digit code in an e-mail or text message from the outbox. */
export function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no six-digit code in the message: ${text}`);
  return code;
}

/** A CTAP2 platform authenticator in the page's browser that always says yes. */
export async function addAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
