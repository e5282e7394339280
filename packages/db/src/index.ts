export { type BlobStore, createDirectoryBlobStore } from './blob-store.ts';
export type { Database, DatabaseOptions, Db, Schema } from './connect.ts';
export { connectDatabase } from './connect.ts';
export { migrateDatabase } from './migrate.ts';
export { quiescePglite } from './quiesce-pglite.ts';
export * as schema from './schema/index.ts';
export type { StoredLossSale, StoredLot, StoredWashedLoss } from './schema/ledger.ts';
export { createSecretBox, type SecretBox } from './secret-box.ts';
export { statementRows } from './statement-rows.ts';
