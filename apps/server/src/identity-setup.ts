import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '@ballast/db';
import {
  buildIdentity,
  createDevOutbox,
  createRoutingTransport,
  createSmsHttpTransport,
  createSmtpTransport,
  DEFAULT_LIMITS,
  type DevOutbox,
  findFirstProjectToken,
  type IdentityOptions,
  type IdentityServices,
  outboxRoutes,
  type Project,
} from '@ballast/identity';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { signInBounds, userSignInPolicy } from './sign-in-bounds.ts';

export type IdentitySetup = {
  options: IdentityOptions;
  /** The project public token the browser gets in /config.json. */
  publicToken: string;
  /** Demo mode keeps every message here and shows it at /dev/outbox. */
  outbox: DevOutbox | undefined;
  close(): void;
};

/**
 * Turns configuration into the identity service's options: where mail and SMS go, which links
 * may be sent, the encryption key, and the project's public token (demo mode makes one, once).
 */
export async function prepareIdentity(
  config: Config,
  database: Database,
  serverUrl: string,
): Promise<IdentitySetup> {
  const outbox = config.mode === 'demo' ? createDevOutbox(database.db) : undefined;
  const smtp = config.mail.smtpUrl
    ? createSmtpTransport({ url: config.mail.smtpUrl, from: config.mail.from })
    : undefined;
  const sms = config.sms
    ? createSmsHttpTransport({
        url: config.sms.webhookUrl,
        ...(config.sms.token ? { authToken: config.sms.token } : {}),
      })
    : undefined;
  const messages = createRoutingTransport({
    ...((smtp ?? outbox) ? { email: smtp ?? outbox } : {}),
    ...((sms ?? outbox) ? { sms: sms ?? outbox, whatsapp: sms ?? outbox } : {}),
  });

  const base = config.publicUrl ?? serverUrl;
  const publicToken =
    config.identityPublicToken ??
    (await findFirstProjectToken(database.db)) ??
    `public-token-test-${crypto.randomUUID()}`;

  return {
    publicToken,
    outbox,
    close: () => smtp?.close(),
    options: {
      db: database.db,
      project: {
        projectName: 'Ballast',
        emailDomains: [domainOf(config.mail.from)],
        passwordPolicy: { kind: 'zxcvbn', minimumScore: 3 },
        // Links often open on another device than the one that asked, so PKCE is not required
        // for e-mailed links; OAuth always returns to the same browser, so it is.
        pkceRequiredForEmailMagicLinks: false,
        pkceRequiredForPasswordResets: false,
        pkceRequiredForOAuth: true,
        allowedRedirectUrls: [base, ...config.redirectUrls],
        defaultLoginRedirectUrl: `${base}/auth/login`,
        defaultResetPasswordRedirectUrl: `${base}/auth/reset-password`,
      },
      limits: {
        ...DEFAULT_LIMITS,
        sessionDurationMinutes: {
          default: Math.min(
            DEFAULT_LIMITS.sessionDurationMinutes.default,
            config.sessionMaxMinutes,
          ),
          max: config.sessionMaxMinutes,
        },
      },
      encryptionKey: await encryptionKeyOf(config),
      messages,
      corsOrigins: config.corsOrigins,
      oauthProviders: config.oauthProviders,
      connectedApps: config.connectedApps,
      // Behind a proxy the request's own origin may read http://; the configured URL is the truth.
      ...(config.publicUrl ? { openIdProvider: { issuer: config.publicUrl } } : {}),
      signInPolicy: userSignInPolicy(database.db, signInBounds(config)),
      // A demo is reached at whatever address it is opened by. Whoever calls names the host a
      // link carries, so only while every message stays in the outbox and no address is set.
      linksToRequestOrigin:
        config.mode === 'demo' &&
        config.publicUrl === undefined &&
        smtp === undefined &&
        sms === undefined,
    },
  };
}

function domainOf(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
}

/** The key client data is sealed with: ENCRYPTION_KEY, or in demo mode the one kept on disk. */
export async function encryptionKeyOf(
  config: Pick<Config, 'encryptionKey' | 'dataDir'>,
): Promise<string> {
  return config.encryptionKey ?? demoEncryptionKey(config.dataDir);
}

/**
 * Demo mode only (production requires ENCRYPTION_KEY): a random key made on first start and kept
 * beside the embedded database, so sealed secrets stay readable across restarts.
 */
async function demoEncryptionKey(dataDir: string): Promise<string> {
  const file = join(dataDir, 'demo-encryption.key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(dataDir, { recursive: true });
    const key = randomBytes(32).toString('base64url');
    await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}

/**
 * Mounts the identity service (and, in demo mode, its outbox) on `app`, makes sure the project of
 * the configured public token exists, and closes the mail transport with the app. Used by the
 * whole server and by the identity service running alone.
 */
export async function registerIdentity(
  app: FastifyInstance,
  identity: IdentitySetup,
): Promise<{ services: IdentityServices; project: Project }> {
  let services: IdentityServices | undefined;
  await app.register(buildIdentity, {
    ...identity.options,
    onReady: (built) => {
      services = built;
    },
  });
  if (identity.outbox) await app.register(outboxRoutes, { outbox: identity.outbox });
  app.addHook('onClose', async () => identity.close());
  if (!services) throw new Error('The identity service did not start.');
  const project = await services.projects.ensure({
    publicToken: identity.publicToken,
    name: 'Ballast',
  });
  return { services, project };
}
