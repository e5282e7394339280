/**
 * Whether a failed statement broke a unique index: where two callers pass the same check at the
 * same moment, the index settles it. Drizzle wraps the driver's error, so the PostgreSQL code is
 * looked for down the chain of causes.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
