/**
 * A table's columns as the firm's records list them (decision 027): under their database names,
 * timestamps as UTC text to the microsecond the database holds.
 */
import { getTableColumns, is, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable, PgTimestamp } from 'drizzle-orm/pg-core';

/** JavaScript's Date keeps milliseconds; the database keeps microseconds, and so does this. */
export function exactInstant(column: PgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export type RecordColumns = Record<string, PgColumn | SQL<string>>;

/** Every column of `table`, keyed by its database name, the timestamps as exact text. */
export function recordColumns(table: PgTable): RecordColumns {
  return Object.fromEntries(
    Object.values(getTableColumns(table)).map((column) => [
      column.name,
      is(column, PgTimestamp) ? exactInstant(column) : column,
    ]),
  );
}
