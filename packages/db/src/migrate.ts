import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Schema } from './connect.ts';

export const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Applies every committed SQL migration that has not run yet; safe to call at every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  // The two drivers share one schema and one migrations folder; only the runner differs.
  if (database.kind === 'pglite') {
    await migratePglite(database.db as PgliteDatabase<Schema>, { migrationsFolder });
  } else {
    await migratePostgres(database.db as NodePgDatabase<Schema>, { migrationsFolder });
  }
}
