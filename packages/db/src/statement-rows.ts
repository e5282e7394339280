import type { SQL } from 'drizzle-orm';
import type { Db } from './connect.ts';

/**
 * The rows a raw statement answers. Both drivers answer `{ rows }`; the database type is generic
 * over them, so the shape is named here once.
 */
export async function statementRows<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}
