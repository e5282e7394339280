import type { ReturnBridges } from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, asc, eq } from 'drizzle-orm';
import { type BridgeReportRow, computeReturnBridges } from './return-bridges.ts';

const { holdingReports } = schema;

/**
 * The bridges of a portfolio's latest report, from every report it has; null before the first.
 * A portfolio without an inception date (reports loaded before it opened) counts from its first
 * report.
 */
export async function readReturnBridges(
  db: Db,
  portfolio: { id: string; firmId: string; inceptionDate: string | null },
): Promise<ReturnBridges | null> {
  const rows: BridgeReportRow[] = await db
    .select({
      reportDate: holdingReports.reportDate,
      nav: holdingReports.nav,
      depositUsd: holdingReports.depositUsd,
      withdrawUsd: holdingReports.withdrawUsd,
      income: holdingReports.income,
      fees: holdingReports.fees,
      realizedPriceChange: holdingReports.realizedPriceChange,
      unrealized: holdingReports.unrealized,
      growthIndex: holdingReports.growthIndex,
    })
    .from(holdingReports)
    .where(
      and(
        eq(holdingReports.firmId, portfolio.firmId),
        eq(holdingReports.portfolioId, portfolio.id),
      ),
    )
    .orderBy(asc(holdingReports.reportDate));
  const first = rows[0];
  if (!first) return null;
  return computeReturnBridges(rows, portfolio.inceptionDate ?? first.reportDate);
}
