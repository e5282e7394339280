import {
  getPortfolioHolding,
  getReturnBridges,
  type HistoryQuery,
  listDepositWithdrawHistory,
  listGainLossHistory,
  listNavHistory,
  savePortfolioHoldings,
  type TokenLot,
} from '@ballast/contract';
import { schema } from '@ballast/db';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiContext, apiRoute } from '../api-route.ts';
import { AppError } from '../app-error.ts';
import { getVisiblePortfolio } from '../auth/portfolio-visibility.ts';
import { readHoldingReport } from '../holdings/holding-report.ts';
import { readReturnBridges } from '../holdings/read-return-bridges.ts';
import { pageOf, withinTimeBounds } from '../paging.ts';
import { HOLDINGS_BODY_LIMIT_BYTES } from '../request-limits.ts';

const { holdingReports, tokenLots, strategyVersions, onboardingApplications } = schema;
const POINTS = 'points';

/** The latest holding report, the daily histories and the token lots of a portfolio. */
export function registerHoldingRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db } = context;

  apiRoute(app, context, getPortfolioHolding, async ({ params, caller }) => {
    const portfolio = await getVisiblePortfolio(db, params.id, caller);
    if (!portfolio.currentHoldingReportId) {
      throw new AppError('not_found', 'This portfolio has no holding report yet.');
    }
    const { benchmark_returns: _benchmark, ...report } = await readHoldingReport(
      db,
      portfolio.currentHoldingReportId,
    );
    return report;
  });

  apiRoute(app, context, getReturnBridges, async ({ params, caller }) => {
    const portfolio = await getVisiblePortfolio(db, params.id, caller);
    const bridges = await readReturnBridges(db, portfolio);
    if (!bridges) throw new AppError('not_found', 'This portfolio has no holding report yet.');
    return bridges;
  });

  /**
   * One daily series: a page of report days, oldest first, inside the query's bounds. The
   * database writes the page's points as JSON and counts the days in the same statement: a page
   * holds up to 500 days, and turning each into a row object and back costs the api more than
   * the query (decision 032).
   */
  async function history(
    request: FastifyRequest,
    reply: FastifyReply,
    portfolio: { id: string; firmId: string },
    query: HistoryQuery,
    columns: Record<string, SQL>,
  ): Promise<string> {
    const where = and(
      eq(holdingReports.firmId, portfolio.firmId),
      eq(holdingReports.portfolioId, portfolio.id),
      ...withinTimeBounds(holdingReports.reportDate, query),
    );
    const points = db
      .select({
        report_date: holdingReports.reportDate,
        ...Object.fromEntries(
          Object.entries(columns).map(([name, value]) => [name, value.as(name)]),
        ),
      })
      .from(holdingReports)
      .where(where)
      .orderBy(asc(holdingReports.reportDate))
      .limit(query.limit)
      .offset(query.offset)
      .as(POINTS);
    const [page] = await db
      .select({
        count: sql<number>`(select count(*)::int from ${holdingReports} where ${where})`,
        results: sql<string>`coalesce(json_agg(row_to_json(${sql.identifier(POINTS)}) order by ${points.report_date}), '[]')::text`,
      })
      .from(points);
    const { count, next, previous } = pageOf(request, query, page?.count ?? 0, []);
    reply.type('application/json; charset=utf-8');
    return `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${page?.results ?? '[]'}}`;
  }

  // Amounts are numeric in the database; the series carry them as JSON numbers.
  const amount = (column: AnyPgColumn) => sql<number>`${column}::float8`;

  apiRoute(app, context, listNavHistory, async ({ params, query, caller, request, reply }) => {
    const portfolio = await getVisiblePortfolio(db, params.id, caller);
    return history(request, reply, portfolio, query, { nav: amount(holdingReports.nav) });
  });

  apiRoute(
    app,
    context,
    listDepositWithdrawHistory,
    async ({ params, query, caller, request, reply }) => {
      const portfolio = await getVisiblePortfolio(db, params.id, caller);
      return history(request, reply, portfolio, query, {
        report_date_deposit_usd: amount(holdingReports.depositUsd),
        report_date_withdraw_usd: amount(holdingReports.withdrawUsd),
      });
    },
  );

  apiRoute(app, context, listGainLossHistory, async ({ params, query, caller, request, reply }) => {
    const portfolio = await getVisiblePortfolio(db, params.id, caller);
    return history(request, reply, portfolio, query, {
      report_date_realized_gain: amount(holdingReports.realizedGain),
      report_date_realized_loss: amount(holdingReports.realizedLoss),
    });
  });

  /** The portfolio's strategy style: the current one, or the application's while onboarding. */
  async function styleOf(portfolioId: string, versionId: string | null): Promise<string | null> {
    if (versionId) {
      const [version] = await db
        .select({ style: strategyVersions.style })
        .from(strategyVersions)
        .where(eq(strategyVersions.id, versionId));
      return version?.style ?? null;
    }
    const [application] = await db
      .select({ strategy: onboardingApplications.strategyInput })
      .from(onboardingApplications)
      .where(eq(onboardingApplications.portfolioId, portfolioId));
    return (application?.strategy as { style?: string } | null)?.style ?? null;
  }

  apiRoute(
    app,
    context,
    savePortfolioHoldings,
    async ({ body, caller, reply }) => {
      const portfolio = await getVisiblePortfolio(db, body.portfolio_id, caller);
      if (caller.role === 'OPERATIONS') {
        throw new AppError('permission_denied', 'Operations staff do not record client holdings.');
      }
      if (portfolio.status === 'CLOSED') {
        throw new AppError('request_conflict', 'The account is closed.');
      }
      if ((await styleOf(portfolio.id, portfolio.currentStrategyVersionId)) === 'B') {
        throw new AppError('request_conflict', 'Token lots belong to token strategies only.');
      }
      const stored = await db.transaction(async (tx) => {
        await tx.delete(tokenLots).where(eq(tokenLots.portfolioId, portfolio.id));
        if (body.lots.length === 0) return [];
        return tx
          .insert(tokenLots)
          .values(
            body.lots.map((lot) => ({
              firmId: caller.firmId,
              portfolioId: portfolio.id,
              coin: lot.coin,
              amount: lot.amount,
              costBasis: lot.cost_basis.toFixed(2),
              dateAcquired: lot.date_acquired,
            })),
          )
          .returning();
      });
      reply.code(201);
      return {
        portfolio_id: portfolio.id,
        lots: stored.map(
          (row): TokenLot => ({
            coin: row.coin,
            amount: trimDecimal(row.amount),
            cost_basis: Number(row.costBasis),
            date_acquired: row.dateAcquired,
          }),
        ),
      };
    },
    { config: { jsonBodyLimit: HOLDINGS_BODY_LIMIT_BYTES } },
  );
}

/** numeric(38,18) reads back with all 18 places; the amount is given back as it was written. */
function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
