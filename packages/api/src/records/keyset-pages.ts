/**
 * Reading a large result a page at a time, each page starting after the last row of the one
 * before (keyset paging): every page is one short query over an index range, so neither the
 * server nor the database holds the whole result, and no transaction stays open between pages.
 */
import { is, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgTimestamp } from 'drizzle-orm/pg-core';

/**
 * Rows whose key, in the order of `columns`, comes after `values`. A timestamp's value is the
 * exact text `exactInstant` reads, turned back into a timestamp, so no microsecond is lost.
 */
export function keyAfter(columns: readonly PgColumn[], values: readonly unknown[]): SQL {
  const params = columns.map((column, index) =>
    is(column, PgTimestamp) ? sql`${values[index]}::timestamptz` : sql`${values[index]}`,
  );
  return sql`(${sql.join([...columns], sql`, `)}) > (${sql.join(params, sql`, `)})`;
}

/**
 * The pages `read` answers, each asked for with the last row of the page before, until a page
 * comes back with fewer than `size` rows. `read` must order by the key its filter pages on.
 */
export async function* keysetPages<R>(
  size: number,
  read: (last: R | undefined) => PromiseLike<R[]>,
): AsyncGenerator<R[]> {
  let last: R | undefined;
  for (;;) {
    const rows = await read(last);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    last = rows.at(-1);
  }
}
