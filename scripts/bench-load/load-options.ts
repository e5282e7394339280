import { parseArgs } from 'node:util';

export type DatabaseKind = 'pglite' | 'postgres';

export type LoadOptions = {
  /** Calls issued a second, on schedule whether or not earlier ones have answered. */
  rate: number;
  durationMs: number;
  databases: DatabaseKind[];
  /** How many portfolios the `large` scenario is seeded with. */
  portfolios: number;
};

const DEFAULTS = { rate: 200, duration: '10m', portfolios: 10_000 } as const;

/**
 * Below this the workload's sign-ins come too seldom to renew every user's session JWT before
 * it expires (five minutes): at 20 calls a second each of the four users signs in every 200 s
 * (`signInsPerSecond`).
 */
export const MIN_RATE = 20;

export const USAGE = `npm run bench:load -- [--rate N] [--duration 10m|60s|90] [--db pglite|postgres|both] [--portfolios N]
  --rate        calls a second, issued on schedule (${DEFAULTS.rate}; at least ${MIN_RATE})
  --duration    how long the load runs: seconds, or with s, m or h (${DEFAULTS.duration})
  --db          which database: pglite, postgres (needs DATABASE_URL) or both
                (both when DATABASE_URL is set, else pglite)
  --portfolios  portfolios the large scenario is seeded with (${DEFAULTS.portfolios})`;

/** `90`, `90s`, `10m`, `1h` in milliseconds; anything else is undefined. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { s: 1_000, m: 60_000, h: 3_600_000 }[match[2] ?? 's'] ?? 1_000;
  const ms = Number(match[1]) * unit;
  return ms > 0 ? ms : undefined;
}

function positiveInteger(text: string, name: string, minimum = 1): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < minimum) {
    throw new Error(`--${name} must be a whole number of at least ${minimum}, not "${text}"`);
  }
  return value;
}

/** The command line's options; throws with the reason and the usage when one is wrong. */
export function readLoadOptions(argv: string[], databaseUrl: string | undefined): LoadOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      rate: { type: 'string', default: String(DEFAULTS.rate) },
      duration: { type: 'string', default: DEFAULTS.duration },
      db: { type: 'string' },
      portfolios: { type: 'string', default: String(DEFAULTS.portfolios) },
    },
    strict: true,
  });
  const durationMs = parseDuration(values.duration);
  if (durationMs === undefined) {
    throw new Error(`--duration must be like 90, 60s, 10m or 1h, not "${values.duration}"`);
  }
  const db = values.db ?? (databaseUrl ? 'both' : 'pglite');
  const databases: DatabaseKind[] | undefined =
    db === 'both'
      ? ['pglite', 'postgres']
      : db === 'pglite' || db === 'postgres'
        ? [db]
        : undefined;
  if (!databases) throw new Error(`--db must be pglite, postgres or both, not "${db}"`);
  if (databases.includes('postgres') && !databaseUrl) {
    throw new Error('--db postgres needs DATABASE_URL: run it under scripts/with-postgres.sh');
  }
  return {
    rate: positiveInteger(values.rate, 'rate', MIN_RATE),
    durationMs,
    databases,
    portfolios: positiveInteger(values.portfolios, 'portfolios'),
  };
}
