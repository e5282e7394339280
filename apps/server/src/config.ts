import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

const list = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.url({ protocol: /^https?$/, error: 'must be a comma-separated list of http(s) URLs' }),
    ),
  );

/** A variable holding a JSON list, each entry checked against `item`. */
function jsonList<Item extends z.ZodType>(item: Item, error: string) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(z.array(item, { error }));
}

/**
 * Everything the server reads from its environment, validated once at start. This is the only
 * module of the system that reads `process.env`; libraries get options objects.
 */
const EnvSchema = z
  .object({
    MODE: z.enum(['demo', 'production']).default('demo'),
    SEED_SCENARIO: z.enum(['demo', 'minimal', 'large', 'none']).default('demo'),
    ENGINE_THREADS: z.coerce.number().int().min(0).max(256).default(availableParallelism()),
    MARKET_DATA_DIR: z.string().min(1).optional(),
    VALUATION_TIME: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a UTC time written HH:MM' })
      .default('22:00'),
    VALUATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    DATA_DIR: z.string().min(1).default('.data'),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional(),
    IDENTITY_PUBLIC_TOKEN: z
      .string()
      .startsWith('public-token-', { error: 'must start with "public-token-"' })
      .optional(),
    ENCRYPTION_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('Ballast <no-reply@ballast.localhost>'),
    SMS_WEBHOOK_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional(),
    SMS_WEBHOOK_TOKEN: z.string().min(1).optional(),
    CORS_ORIGINS: list.default([]),
    CONNECTED_APPS: jsonList(
      z.object({
        clientId: z.string().min(1),
        clientSecret: z.string().min(32).optional(),
        name: z.string().min(1),
        description: z.string().optional(),
        logoUrl: z.url().optional(),
        redirectUris: z.array(z.url()).min(1),
        postLogoutRedirectUris: z.array(z.url()).optional(),
        firstParty: z.boolean(),
        scopes: z.array(z.string()).optional(),
      }),
      'must be a JSON list of {clientId, clientSecret?, name, redirectUris, firstParty, …}',
    ).default([]),
    OAUTH_PROVIDERS: jsonList(
      z.object({
        name: z
          .string()
          .regex(/^[a-z0-9_-]+$/, { error: 'name must be lower-case letters, digits, - or _' }),
        clientId: z.string().min(1),
        clientSecret: z.string().min(1),
        issuer: z.url().optional(),
        scopes: z.array(z.string()).optional(),
      }),
      'must be a JSON list of {name, clientId, clientSecret, issuer?, scopes?}',
    ).default([]),
    REDIRECT_URLS: list.default([]),
    SESSION_MAX_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(60 * 24 * 90)
      .default(60 * 24 * 7),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    SUPPORT_PHONE: z.string().min(1).default('(800)-555-0199'),
    SUPPORT_EMAIL: z
      .email({ error: 'must be an e-mail address' })
      .default('support@ballast.localhost'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
  })
  .superRefine((vars, ctx) => {
    // Production never falls back to demo conveniences: its secrets and address are real.
    if (vars.MODE !== 'production') return;
    if (!vars.ENCRYPTION_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['ENCRYPTION_KEY'],
        message: 'is required when MODE=production',
      });
    }
    if (!vars.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required when MODE=production',
      });
    }
  });

/**
 * Who reads the configuration. A production `server` needs real mail too. The `first-run` command
 * (`firm-command.ts`) does not: without a mail transport it prints the first administrator's
 * sign-in link for the installing engineer to hand over (decision 022). The `operator` commands,
 * backup and restore (decision 026), send no mail either.
 */
export type ConfigReader = 'server' | 'first-run' | 'operator';

const requireMailInProduction = (vars: z.infer<typeof EnvSchema>, ctx: z.RefinementCtx) => {
  if (vars.MODE === 'production' && !vars.SMTP_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message: 'is required when MODE=production',
    });
  }
};

export type Config = {
  /** `demo` seeds a demo firm and users and keeps mail in an outbox at /dev/outbox. */
  mode: 'demo' | 'production';
  /** Which seed scenario demo mode writes into an empty firm; production never seeds. */
  seedScenario: 'demo' | 'minimal' | 'large' | 'none';
  /** Threads this process computes simulations on; 0 leaves them queued for other processes. */
  engineThreads: number;
  /** A directory of market data files in the engine's CSV shape; the bundled market if unset. */
  marketDataDir: string | undefined;
  /**
   * The daily valuation (decision 024): the UTC time it runs each weekday, after the markets
   * close, and how many portfolios one process values at once on a PostgreSQL server.
   */
  valuation: { at: { hour: number; minute: number }; concurrency: number };
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  /** Where browsers reach this server; derived from each request when unset (demo only). */
  publicUrl: string | undefined;
  /** The identity project's public token; demo mode creates one when unset. */
  identityPublicToken: string | undefined;
  encryptionKey: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  sms: { webhookUrl: string; token: string | undefined } | undefined;
  corsOrigins: string[];
  /** Sign-in providers: a known name (google, microsoft, …) or any OpenID issuer. */
  oauthProviders: z.infer<typeof EnvSchema>['OAUTH_PROVIDERS'];
  /** Apps that sign their users in through this service (it is their OpenID provider). */
  connectedApps: z.infer<typeof EnvSchema>['CONNECTED_APPS'];
  /** Extra places links in e-mails may lead to, besides the server's own pages. */
  redirectUrls: string[];
  /** The longest session a sign-in may ask for (`session_duration_minutes`). */
  sessionMaxMinutes: number;
  /** Behind a reverse proxy, read the client's protocol, host and address from X-Forwarded-*. */
  trustProxy: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Where the support modal sends users. */
  support: { phone: string; email: string };
  webRoot: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration, or throws one error that names every bad variable. */
export function readConfig(
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
  reader: ConfigReader = 'server',
): Config {
  const schema = reader === 'server' ? EnvSchema.superRefine(requireMailInProduction) : EnvSchema;
  const parsed = schema.safeParse(withoutEmptyValues(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  const dataDir = resolve(cwd, vars.DATA_DIR);
  return {
    mode: vars.MODE,
    seedScenario: vars.SEED_SCENARIO,
    engineThreads: vars.ENGINE_THREADS,
    marketDataDir: vars.MARKET_DATA_DIR ? resolve(cwd, vars.MARKET_DATA_DIR) : undefined,
    valuation: {
      at: {
        hour: Number(vars.VALUATION_TIME.slice(0, 2)),
        minute: Number(vars.VALUATION_TIME.slice(3, 5)),
      },
      concurrency: vars.VALUATION_CONCURRENCY,
    },
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    database: vars.DATABASE_URL
      ? { kind: 'postgres', url: vars.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(dataDir, 'pglite') },
    publicUrl: vars.PUBLIC_URL?.replace(/\/+$/, ''),
    identityPublicToken: vars.IDENTITY_PUBLIC_TOKEN,
    encryptionKey: vars.ENCRYPTION_KEY,
    mail: { smtpUrl: vars.SMTP_URL, from: vars.MAIL_FROM },
    sms: vars.SMS_WEBHOOK_URL
      ? { webhookUrl: vars.SMS_WEBHOOK_URL, token: vars.SMS_WEBHOOK_TOKEN }
      : undefined,
    corsOrigins: vars.CORS_ORIGINS,
    oauthProviders: vars.OAUTH_PROVIDERS,
    connectedApps: vars.CONNECTED_APPS,
    redirectUrls: vars.REDIRECT_URLS,
    sessionMaxMinutes: vars.SESSION_MAX_MINUTES,
    trustProxy: vars.TRUST_PROXY === 'true',
    logLevel: vars.LOG_LEVEL,
    support: { phone: vars.SUPPORT_PHONE, email: vars.SUPPORT_EMAIL },
    webRoot: resolve(import.meta.dirname, '../../web/dist'),
  };
}

/** An exported but empty variable means "not set", as shells and .env files usually intend. */
function withoutEmptyValues(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}
