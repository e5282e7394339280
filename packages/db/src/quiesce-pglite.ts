import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, Schema } from './connect.ts';

/**
 * Runs `work` while the embedded database stands still: it waits for the transaction in flight,
 * checkpoints, and holds every other query and transaction off until `work` is done. Its data
 * directory's files then hold every transaction committed before and none after, each whole, as
 * a clean copy needs them (decision 026). Every query of PGlite's single connection, inside a
 * transaction or not, first takes the lock a transaction holds, so an open transaction of our
 * own is what holds the others off.
 */
export async function quiescePglite<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'pglite') {
    throw new Error('Only the embedded database has a data directory to hold still.');
  }
  const client = (database.db as PgliteDatabase<Schema> & { $client: PGlite }).$client;
  return client.transaction(async (tx: Transaction) => {
    await tx.exec('checkpoint');
    return work();
  });
}
