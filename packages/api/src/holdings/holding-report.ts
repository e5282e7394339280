/**
 * Holding reports between the contract's shape and their rows: the writer the daily valuation
 * (and the demo seed) uses, and the readers of the holding, list and detail calls.
 */
import type {
  AssetDistribution,
  AssetLine,
  BenchmarkReturns,
  HoldingReport,
  HoldingReportRecord,
} from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Tx } from '../accounts/current-account.ts';

const { holdingReports, assetLines, portfolios } = schema;

export type HoldingReportRow = typeof holdingReports.$inferSelect;
type AssetLineRow = typeof assetLines.$inferSelect;

/** The asset classes of an asset line; bond classes are what asset_distribution adds up. */
export const ASSET_CLASSES = {
  cash: 'cash',
  corporateBonds: 'corporate_bonds',
  inStateMunicipalBonds: 'in_state_municipal_bonds',
  nationalMunicipalBonds: 'national_municipal_bonds',
  treasuryBonds: 'treasury_bonds',
  token: 'token',
} as const;

const RETURN_PERIODS = ['1d', '1m', '3m', '6m', '3y', 'ytd', '1y', 'total'] as const;
type ReturnPeriod = (typeof RETURN_PERIODS)[number];
const BENCHMARK_PERIODS = ['1m', '3m', '6m', 'ytd', '1y', 'total'] as const;

/** A report to store; benchmark returns ride along since they are the same day's figures. */
export type HoldingReportInput = HoldingReport & { benchmark_returns?: BenchmarkReturns | null };

const cents = (value: number) => value.toFixed(2);

function reportValues(firmId: string, portfolioId: string, report: HoldingReportInput) {
  const returns: Record<string, { usd: number; pct: number }> = {};
  for (const period of RETURN_PERIODS) {
    const usd = report[`return_${period}_usd`];
    const pct = report[`return_${period}_pct`];
    if (usd !== null && pct !== null) returns[period] = { usd, pct };
  }
  const benchmark: Record<string, number> = {};
  for (const period of BENCHMARK_PERIODS) {
    const value = report.benchmark_returns?.[period];
    if (value !== null && value !== undefined) benchmark[period] = value;
  }
  return {
    firmId,
    portfolioId,
    reportDate: report.report_date,
    nav: cents(report.nav),
    ytw: report.ytw,
    duration: report.duration,
    annualTaxLoss: report.annual_tax_loss,
    tey: report.tey,
    percentPortfolioAnalyzed: report.percent_portfolio_analyzed,
    averageRating: report.average_rating,
    taxLossHarvested: report.tax_loss_harvested,
    taxLossValue: report.tax_loss_value,
    currentLossHarvestedPct:
      report.tax_loss_harvested === null || report.nav === 0
        ? null
        : (report.tax_loss_harvested / report.nav) * 100,
    returns,
    benchmarkReturns: report.benchmark_returns ? benchmark : null,
    depositUsd: cents(report.report_date_deposit_usd),
    withdrawUsd: cents(report.report_date_withdraw_usd),
    realizedGain: cents(report.report_date_realized_gain),
    realizedLoss: cents(report.report_date_realized_loss),
    numberOfHoldings: report.number_of_holdings,
  };
}

function lineValues(reportId: string, asset: AssetLine, position: number) {
  return {
    reportId,
    position,
    assetClass: asset.asset_class,
    costBasis: cents(asset.cost_basis),
    currentValueUsd: cents(asset.current_value_usd),
    cusip: asset.cusip,
    description: asset.description,
    duration: asset.duration,
    lastPriceUsd: asset.last_price_usd,
    percentAccount: asset.percent_account,
    quantity: String(asset.quantity),
    totalGainLossUsd: cents(asset.total_gain_loss_usd),
    ytw: asset.ytw,
    inStateFlag: asset.in_state_flag === 'true',
  };
}

// Rows per insert statement: well under PostgreSQL's 65,535 bind parameters.
const BATCH = 2_000;

/**
 * Stores days of reports with their asset lines, replacing reports of the same days, and makes
 * the newest the portfolio's current one unless a later day was already reported. Many days go
 * in a few statements, so a history or an import loads quickly.
 */
export async function recordHoldingReports(
  tx: Tx,
  target: { firmId: string; portfolioId: string; reports: readonly HoldingReportInput[] },
): Promise<string[]> {
  const { firmId, portfolioId, reports } = target;
  if (reports.length === 0) return [];
  const dates = reports.map((report) => report.report_date);
  await tx
    .delete(holdingReports)
    .where(
      and(eq(holdingReports.portfolioId, portfolioId), inArray(holdingReports.reportDate, dates)),
    );
  const ids: string[] = [];
  for (let start = 0; start < reports.length; start += BATCH) {
    const rows = await tx
      .insert(holdingReports)
      .values(
        reports
          .slice(start, start + BATCH)
          .map((report) => reportValues(firmId, portfolioId, report)),
      )
      .returning({ id: holdingReports.id });
    ids.push(...rows.map((row) => row.id));
  }
  const lines = reports.flatMap((report, index) =>
    report.assets.map((asset, position) => lineValues(ids[index] as string, asset, position)),
  );
  for (let start = 0; start < lines.length; start += BATCH) {
    await tx.insert(assetLines).values(lines.slice(start, start + BATCH));
  }
  const newest = reports.reduce(
    (latest, report, index) =>
      report.report_date > (reports[latest]?.report_date ?? '') ? index : latest,
    0,
  );
  const newestReport = reports[newest] as HoldingReportInput;
  const [later] = await tx
    .select({ id: holdingReports.id })
    .from(holdingReports)
    .where(
      and(
        eq(holdingReports.portfolioId, portfolioId),
        gt(holdingReports.reportDate, newestReport.report_date),
      ),
    )
    .limit(1);
  if (!later) {
    await tx
      .update(portfolios)
      .set({ currentHoldingReportId: ids[newest], currentNav: cents(newestReport.nav) })
      .where(eq(portfolios.id, portfolioId));
  }
  return ids;
}

/** Stores one day's report; see recordHoldingReports. */
export async function recordHoldingReport(
  tx: Tx,
  target: { firmId: string; portfolioId: string; report: HoldingReportInput },
): Promise<string> {
  const [id] = await recordHoldingReports(tx, { ...target, reports: [target.report] });
  return id as string;
}

const figureOf = (value: string) => Number(value);

function returnOf(row: HoldingReportRow, period: ReturnPeriod) {
  return row.returns[period] ?? null;
}

export function benchmarkReturnsOf(row: HoldingReportRow): BenchmarkReturns | null {
  const stored = row.benchmarkReturns;
  if (!stored) return null;
  return {
    '1m': stored['1m'] ?? null,
    '3m': stored['3m'] ?? null,
    '6m': stored['6m'] ?? null,
    ytd: stored.ytd ?? null,
    '1y': stored['1y'] ?? null,
    total: stored.total ?? null,
  };
}

function toAssetLine(row: AssetLineRow): AssetLine {
  return {
    asset_class: row.assetClass,
    cost_basis: figureOf(row.costBasis),
    current_value_usd: figureOf(row.currentValueUsd),
    cusip: row.cusip,
    description: row.description,
    duration: row.duration,
    last_price_usd: row.lastPriceUsd,
    percent_account: row.percentAccount,
    quantity: Number(row.quantity),
    total_gain_loss_usd: figureOf(row.totalGainLossUsd),
    ytw: row.ytw,
    in_state_flag: row.inStateFlag ? 'true' : 'false',
  };
}

/**
 * Percent of NAV per bond class and cash. Token lines belong to none of those classes, so a
 * token portfolio has no distribution.
 */
export function assetDistributionOf(
  assets: readonly AssetLine[],
  nav: number,
): AssetDistribution | null {
  if (nav <= 0 || assets.some((asset) => asset.asset_class === ASSET_CLASSES.token)) return null;
  const share = (assetClass: string) => {
    const value = assets
      .filter((asset) => asset.asset_class === assetClass)
      .reduce((sum, asset) => sum + asset.current_value_usd, 0);
    return Math.round((value / nav) * 10_000) / 100;
  };
  return {
    cash: share(ASSET_CLASSES.cash),
    corporate_bonds: share(ASSET_CLASSES.corporateBonds),
    in_state_municipal_bonds: share(ASSET_CLASSES.inStateMunicipalBonds),
    national_municipal_bonds: share(ASSET_CLASSES.nationalMunicipalBonds),
    treasury_bonds: share(ASSET_CLASSES.treasuryBonds),
  };
}

/** A stored report with its asset lines in the custodian's order. */
export async function readHoldingReport(
  db: Db,
  reportId: string,
): Promise<HoldingReportRecord & { benchmark_returns: BenchmarkReturns | null }> {
  // One round trip: the report's columns repeat on each of its lines.
  const rows = await db
    .select({ report: holdingReports, line: assetLines })
    .from(holdingReports)
    .leftJoin(assetLines, eq(assetLines.reportId, holdingReports.id))
    .where(eq(holdingReports.id, reportId))
    .orderBy(asc(assetLines.position));
  const row = rows[0]?.report;
  if (!row) throw new Error('The current holding report is missing.');
  const lines = rows.flatMap((entry) => (entry.line ? [entry.line] : []));
  const returnFields = Object.fromEntries(
    RETURN_PERIODS.flatMap((period) => [
      [`return_${period}_usd`, returnOf(row, period)?.usd ?? null],
      [`return_${period}_pct`, returnOf(row, period)?.pct ?? null],
    ]),
  ) as Pick<HoldingReport, `return_${ReturnPeriod}_usd` | `return_${ReturnPeriod}_pct`>;
  return {
    id: row.id,
    portfolio: row.portfolioId,
    created_at: row.createdAt.toISOString(),
    report_date: row.reportDate,
    nav: figureOf(row.nav),
    ytw: row.ytw,
    duration: row.duration,
    annual_tax_loss: row.annualTaxLoss,
    tey: row.tey,
    percent_portfolio_analyzed: row.percentPortfolioAnalyzed,
    average_rating: row.averageRating,
    tax_loss_harvested: row.taxLossHarvested,
    tax_loss_value: row.taxLossValue,
    ...returnFields,
    report_date_deposit_usd: figureOf(row.depositUsd),
    report_date_withdraw_usd: figureOf(row.withdrawUsd),
    report_date_realized_gain: figureOf(row.realizedGain),
    report_date_realized_loss: figureOf(row.realizedLoss),
    number_of_holdings: row.numberOfHoldings,
    assets: lines.map(toAssetLine),
    benchmark_returns: benchmarkReturnsOf(row),
  };
}
