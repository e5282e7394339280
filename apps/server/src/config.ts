import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Everything the server reads from its environment, validated once at start. This is the only
 * module of the system that reads `process.env`; libraries get options objects.
 */
const EnvSchema = z.object({
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
    .default('public-token-test-ballast-demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  /** Where browsers reach this server; derived from each request when unset. */
  publicUrl: string | undefined;
  identityPublicToken: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webRoot: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration, or throws one error that names every bad variable. */
export function readConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(withoutEmptyValues(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  const dataDir = resolve(cwd, vars.DATA_DIR);
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    database: vars.DATABASE_URL
      ? { kind: 'postgres', url: vars.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(dataDir, 'pglite') },
    publicUrl: vars.PUBLIC_URL?.replace(/\/+$/, ''),
    identityPublicToken: vars.IDENTITY_PUBLIC_TOKEN,
    logLevel: vars.LOG_LEVEL,
    webRoot: resolve(import.meta.dirname, '../../web/dist'),
  };
}

/** An exported but empty variable means "not set", as shells and .env files usually intend. */
function withoutEmptyValues(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}
