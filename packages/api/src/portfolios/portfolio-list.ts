import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { PortfolioStatus } from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

const { portfolios, portfolioAdvisors, advisors, holdingReports, strategyVersions } = schema;
const originating = alias(advisors, 'originating_advisor');
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * GET /portfolios as JSON text, built by the database in one statement. A firm can hold ten
 * thousand portfolios: building the rows' JSON where the data is, and passing the text through,
 * spares the api a round of objects and serialisation per row (see the README's performance
 * section). The figures and field names are the contract's PortfolioListResponse.
 */
export async function portfolioListJson(
  db: Db,
  visible: SQL | undefined,
  status: PortfolioStatus | undefined,
): Promise<string> {
  const where = and(visible, status ? eq(portfolios.status, status) : undefined);
  const advisorNames = sql`coalesce((
    select json_agg(json_build_object('first_name', ${advisors.firstName}, 'last_name', ${advisors.lastName})
      order by ${advisors.lastName}, ${advisors.firstName})
    from ${portfolioAdvisors} join ${advisors} on ${advisors.id} = ${portfolioAdvisors.advisorId}
    where ${portfolioAdvisors.portfolioId} = ${portfolios.id}), '[]'::json)`;
  const item = sql`json_build_object(
    'id', ${portfolios.id},
    'client_name', ${portfolios.clientName},
    'advisors', ${advisorNames},
    'originating_advisor', case when ${originating.id} is null then null
      else json_build_object('first_name', ${originating.firstName}, 'last_name', ${originating.lastName}) end,
    'inception_date', ${portfolios.inceptionDate},
    'current_holding', case when ${holdingReports.id} is null then null else json_build_object(
      'nav', ${holdingReports.nav}::float8,
      'ytw', ${holdingReports.ytw},
      'duration', ${holdingReports.duration},
      'return_ytd_pct', (${holdingReports.returns} -> 'ytd' ->> 'pct')::float8,
      'return_1y_pct', (${holdingReports.returns} -> '1y' ->> 'pct')::float8,
      'tey', ${holdingReports.tey},
      'current_loss_harvested_pct', ${holdingReports.currentLossHarvestedPct},
      'number_of_holdings', ${holdingReports.numberOfHoldings}) end,
    'current_strategy_summary', case when ${strategyVersions.id} is null then null
      else json_build_object('style', ${strategyVersions.style}, 'summary', ${strategyVersions.summary}) end,
    'user_dnt', ${portfolios.userDnt},
    'status', ${portfolios.status})`;
  const rows = db
    .select({
      item: sql`${item}`.as('item'),
      nav: sql`${portfolios.currentNav}`.as('nav'),
      createdAt: sql`${portfolios.createdAt}`.as('created_at'),
      id: sql`${portfolios.id}`.as('portfolio_id'),
    })
    .from(portfolios)
    .leftJoin(holdingReports, eq(holdingReports.id, portfolios.currentHoldingReportId))
    .leftJoin(strategyVersions, eq(strategyVersions.id, portfolios.currentStrategyVersionId))
    .leftJoin(originating, eq(originating.id, portfolios.originatingAdvisorId))
    .where(where)
    .as('rows');
  const [result] = await db
    .select({
      items: sql<string>`coalesce(json_agg(${rows.item} order by ${rows.createdAt} desc, ${rows.id}), '[]'::json)::text`,
      aum: sql<string>`coalesce(sum(${rows.nav}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(rows);
  const aum = Number(result?.aum ?? 0);
  const count = result?.count ?? 0;
  const avg = count === 0 ? 0 : Math.round((aum / count) * 100) / 100;
  return `{"portfolios":${result?.items ?? '[]'},"aum":${aum},"avg_aum":${avg},"number_of_portfolios":${count}}`;
}

/**
 * A built list as sent, and compressed once in the two encodings browsers accept: brotli, a
 * fifth smaller than gzip on this JSON, and gzip for clients without it.
 */
export type BuiltList = { body: Buffer; gzip: Buffer; br: Buffer };
type CachedList = BuiltList & { version: number };

const sizeOf = (list: BuiltList) =>
  list.body.byteLength + list.gzip.byteLength + list.br.byteLength;

/**
 * Built lists kept until their firm's `list_version` moves (database triggers move it with every
 * change the list shows), so a repeated GET /portfolios costs one small query. The version is
 * read before the list is built: a change committed in between makes the stored list newer than
 * its version says, never older, and the next read rebuilds it. Each api process keeps its own;
 * the version lives in the database, so several processes agree.
 */
export function createPortfolioListCache(maxBytes = 64 * 1024 * 1024) {
  const lists = new Map<string, CachedList>();
  let bytes = 0;

  function remember(key: string, entry: CachedList) {
    const previous = lists.get(key);
    if (previous) bytes -= sizeOf(previous);
    lists.delete(key);
    lists.set(key, entry);
    bytes += sizeOf(entry);
    // Maps keep insertion order, so the first keys are the least recently used.
    for (const [oldest, value] of lists) {
      if (bytes <= maxBytes || oldest === key) break;
      lists.delete(oldest);
      bytes -= sizeOf(value);
    }
  }

  return async function cachedPortfolioList(
    db: Db,
    scope: { firmId: string; viewer: string; visible: SQL | undefined },
    status: PortfolioStatus | undefined,
  ): Promise<BuiltList> {
    const [firm] = await db
      .select({ version: schema.firms.listVersion })
      .from(schema.firms)
      .where(eq(schema.firms.id, scope.firmId));
    const version = firm?.version ?? 0;
    const key = `${scope.firmId}:${scope.viewer}:${status ?? ''}`;
    const cached = lists.get(key);
    if (cached?.version === version) {
      remember(key, cached);
      return cached;
    }
    // The database's JSON carries spaces around every separator; written compactly once, it is
    // a tenth smaller for every later send.
    const body = Buffer.from(
      JSON.stringify(JSON.parse(await portfolioListJson(db, scope.visible, status))),
    );
    const [gzipped, br] = await Promise.all([
      gzipAsync(body, { level: 6 }),
      // Quality 7 of 11: past it, each step costs twice the time for a percent or two.
      brotliAsync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 7,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      }),
    ]);
    const built = { version, body, gzip: gzipped, br };
    remember(key, built);
    return built;
  };
}
