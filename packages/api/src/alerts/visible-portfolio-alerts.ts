/**
 * Decision 020: the monitor's alerts over every portfolio the caller may see. Two queries
 * whatever the number of portfolios: the portfolios with their latest report and strategy, and
 * the lines of those reports that a rule reads (cash, and lines at a loss).
 */
import { type PortfolioAlert, StrategyInputSchema } from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, asc, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Caller } from '../auth/authenticate.ts';
import { visiblePortfolios } from '../auth/portfolio-visibility.ts';
import { ASSET_CLASSES } from '../holdings/holding-report.ts';
import { type AlertInput, portfolioAlerts } from './portfolio-alerts.ts';

const { portfolios, holdingReports, assetLines, strategyVersions, advisors } = schema;

export async function visiblePortfolioAlerts(
  db: Db,
  caller: Caller,
  today: string,
): Promise<PortfolioAlert[]> {
  // A closed account holds nothing to act on; the visibility rule scopes firm and advisor.
  const scope = and(visiblePortfolios(caller), ne(portfolios.status, 'CLOSED'));
  const rows = await db
    .select({
      portfolioId: portfolios.id,
      clientName: portfolios.clientName,
      advisorName: sql<string>`coalesce(trim(${advisors.firstName} || ' ' || ${advisors.lastName}), '')`,
      reportId: holdingReports.id,
      reportDate: holdingReports.reportDate,
      nav: holdingReports.nav,
      duration: holdingReports.duration,
      averageRating: holdingReports.averageRating,
      strategy: strategyVersions.strategy,
    })
    .from(portfolios)
    .innerJoin(holdingReports, eq(holdingReports.id, portfolios.currentHoldingReportId))
    .leftJoin(strategyVersions, eq(strategyVersions.id, portfolios.currentStrategyVersionId))
    .leftJoin(advisors, eq(advisors.id, portfolios.originatingAdvisorId))
    .where(scope)
    .orderBy(asc(portfolios.clientName), asc(portfolios.id));
  if (rows.length === 0) return [];

  const lines = await db
    .select({
      reportId: assetLines.reportId,
      assetClass: assetLines.assetClass,
      description: assetLines.description,
      costBasis: assetLines.costBasis,
      value: assetLines.currentValueUsd,
      gainLoss: assetLines.totalGainLossUsd,
    })
    .from(assetLines)
    .innerJoin(portfolios, eq(portfolios.currentHoldingReportId, assetLines.reportId))
    .where(
      and(
        scope,
        or(eq(assetLines.assetClass, ASSET_CLASSES.cash), lt(assetLines.totalGainLossUsd, '0')),
      ),
    )
    .orderBy(asc(assetLines.reportId), asc(assetLines.position));
  const linesOf = new Map<string, typeof lines>();
  for (const line of lines) {
    const list = linesOf.get(line.reportId) ?? [];
    list.push(line);
    linesOf.set(line.reportId, list);
  }

  return rows.flatMap((row) => {
    const reportLines = linesOf.get(row.reportId) ?? [];
    const strategy = StrategyInputSchema.safeParse(row.strategy);
    const input: AlertInput = {
      portfolioId: row.portfolioId,
      clientName: row.clientName,
      advisorName: row.advisorName,
      report: {
        reportDate: row.reportDate,
        nav: Number(row.nav),
        duration: row.duration,
        averageRating: row.averageRating,
      },
      cashUsd: reportLines
        .filter((line) => line.assetClass === ASSET_CLASSES.cash)
        .reduce((sum, line) => sum + Number(line.value), 0),
      losingLines: reportLines
        .filter((line) => Number(line.gainLoss) < 0)
        .map((line) => ({
          description: line.description,
          costBasis: Number(line.costBasis),
          gainLossUsd: Number(line.gainLoss),
        })),
      strategy: strategy.success ? strategy.data : null,
    };
    return portfolioAlerts(input, today);
  });
}
