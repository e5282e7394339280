import type { HistoryQuery, PagedList, PageQuery } from '@ballast/contract';
import type { Db } from '@ballast/db';
import { gte, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';

/**
 * A page of a list as product §3 and docs/architecture.md "API conventions" shape it: `next` and
 * `previous` are absolute URLs of the neighbouring pages (the request's own URL with limit and
 * offset moved), null at either end.
 */
export function pageOf<Item>(
  request: FastifyRequest,
  query: PageQuery,
  count: number,
  results: Item[],
): PagedList<Item> {
  const { limit, offset } = query;
  const linkTo = (target: number) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('offset', String(target));
    return url.toString();
  };
  return {
    count,
    next: offset + limit < count ? linkTo(offset + limit) : null,
    previous: offset > 0 ? linkTo(Math.max(0, offset - limit)) : null,
    results,
  };
}

/**
 * The start_time/end_time bounds of a history query on a calendar-date column, both inclusive.
 * A timestamp bound counts by its UTC day, since a report covers a whole day.
 */
export function withinTimeBounds(column: PgColumn, query: HistoryQuery): (SQL | undefined)[] {
  const day = (bound: string) =>
    bound.length === 10 ? bound : new Date(bound).toISOString().slice(0, 10);
  return [
    query.start_time ? gte(column, day(query.start_time)) : undefined,
    query.end_time ? lte(column, day(query.end_time)) : undefined,
  ];
}

/** How many rows of a table match, for a page's `count`. */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(table).where(where);
  return total?.count ?? 0;
}
