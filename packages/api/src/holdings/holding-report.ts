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
import { and, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import type { Tx } from '../accounts/current-account.ts';
import { preparedPerDatabase } from '../prepared.ts';

const { holdingReports, assetLines, portfolios } = schema;

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
/** The periods a report carries the benchmark's return for (product §3). */
export const BENCHMARK_PERIODS = ['1m', '3m', '6m', 'ytd', '1y', 'total'] as const;

/**
 * What the daily valuation adds to a report: the day's bridge figures (money as exact
 * `numeric` text), its time-weighted return and what do-not-trade stopped (decision 024).
 */
export type ValuationColumns = {
  cash: string;
  accruedInterest: string;
  unrealized: string;
  income: string;
  fees: string;
  realizedPriceChange: string;
  harvestedLoss: string;
  netFlowsToDate: string;
  dailyReturn: number;
  growthIndex: number;
  dntBlocked: string[];
};

/** A report to store; benchmark returns ride along since they are the same day's figures. */
export type HoldingReportInput = HoldingReport & {
  benchmark_returns?: BenchmarkReturns | null;
  valuation?: ValuationColumns;
};

const cents = (value: number) => value.toFixed(2);

/** A report as its row's values, keyed by the schema's property names. */
export function holdingReportValues(
  firmId: string,
  portfolioId: string,
  report: HoldingReportInput,
) {
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
    ...report.valuation,
  };
}

/** An asset line as its row's values, keyed by the schema's property names. */
export function assetLineValues(reportId: string, asset: AssetLine, position: number) {
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
          .map((report) => holdingReportValues(firmId, portfolioId, report)),
      )
      .returning({ id: holdingReports.id });
    ids.push(...rows.map((row) => row.id));
  }
  const lines = reports.flatMap((report, index) =>
    report.assets.map((asset, position) => assetLineValues(ids[index] as string, asset, position)),
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
  // One statement: the newest becomes current unless a later day was already reported.
  await tx
    .update(portfolios)
    .set({ currentHoldingReportId: ids[newest], currentNav: cents(newestReport.nav) })
    .where(
      and(
        eq(portfolios.id, portfolioId),
        notExists(
          tx
            .select({ id: holdingReports.id })
            .from(holdingReports)
            .where(
              and(
                eq(holdingReports.portfolioId, portfolioId),
                gt(holdingReports.reportDate, newestReport.report_date),
              ),
            ),
        ),
      ),
    );
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

/**
 * A holding report as the contract's JSON, with `benchmark_returns`, built by the database from
 * the `holding_reports` row in scope: the report and its lines come back in one value, where a
 * join would repeat the report's columns on every line. Money is numeric in the table and a JSON
 * number here; the identifiers are the table's own, since the fragment is embedded in statements
 * that name `holding_reports` in their FROM clause.
 */
export const holdingReportJson = sql<HoldingReportView>`json_build_object(
  'id', holding_reports.id,
  'portfolio', holding_reports.portfolio_id,
  'created_at', to_char(holding_reports.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'report_date', holding_reports.report_date,
  'nav', holding_reports.nav::float8,
  'ytw', holding_reports.ytw,
  'duration', holding_reports.duration,
  'annual_tax_loss', holding_reports.annual_tax_loss,
  'tey', holding_reports.tey,
  'percent_portfolio_analyzed', holding_reports.percent_portfolio_analyzed,
  'average_rating', holding_reports.average_rating,
  'tax_loss_harvested', holding_reports.tax_loss_harvested,
  'tax_loss_value', holding_reports.tax_loss_value,
  ${sql.raw(
    RETURN_PERIODS.flatMap((period) =>
      ['usd', 'pct'].map(
        (unit) => `'return_${period}_${unit}', holding_reports.returns -> '${period}' -> '${unit}'`,
      ),
    ).join(',\n  '),
  )},
  'report_date_deposit_usd', holding_reports.report_date_deposit_usd::float8,
  'report_date_withdraw_usd', holding_reports.report_date_withdraw_usd::float8,
  'report_date_realized_gain', holding_reports.report_date_realized_gain::float8,
  'report_date_realized_loss', holding_reports.report_date_realized_loss::float8,
  'number_of_holdings', holding_reports.number_of_holdings,
  'assets', coalesce((
    select json_agg(json_build_object(
      'asset_class', al.asset_class,
      'cost_basis', al.cost_basis::float8,
      'current_value_usd', al.current_value_usd::float8,
      'cusip', al.cusip,
      'description', al.description,
      'duration', al.duration,
      'last_price_usd', al.last_price_usd,
      'percent_account', al.percent_account,
      'quantity', al.quantity::float8,
      'total_gain_loss_usd', al.total_gain_loss_usd::float8,
      'ytw', al.ytw,
      'in_state_flag', case when al.in_state_flag then 'true' else 'false' end
    ) order by al.position)
    from asset_lines al where al.report_id = holding_reports.id), '[]'::json),
  'benchmark_returns', case when holding_reports.benchmark_returns is null then null else json_build_object(
    ${sql.raw(
      BENCHMARK_PERIODS.map(
        (period) => `'${period}', holding_reports.benchmark_returns -> '${period}'`,
      ).join(', '),
    )}) end
)`;

export type HoldingReportView = HoldingReportRecord & {
  benchmark_returns: BenchmarkReturns | null;
};

const holdingReportStatement = preparedPerDatabase((db) =>
  db
    .select({ report: holdingReportJson })
    .from(holdingReports)
    .where(eq(holdingReports.id, sql.placeholder('id')))
    .prepare('holding_report'),
);

/** A stored report with its asset lines in the custodian's order. */
export async function readHoldingReport(db: Db, reportId: string): Promise<HoldingReportView> {
  const [row] = await holdingReportStatement(db).execute({ id: reportId });
  if (!row) throw new Error('The current holding report is missing.');
  return row.report;
}
