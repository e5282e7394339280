import { NOT_FOUND_DETAIL, type PortfolioDetail } from '@ballast/contract';
import { type Db, type SecretBox, schema } from '@ballast/db';
import { eq, sql } from 'drizzle-orm';
import {
  type CurrentAccount,
  currentAccountColumns,
  currentAccountOf,
} from '../accounts/current-account.ts';
import type { ApiContext } from '../api-route.ts';
import { AppError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import {
  forRole,
  type PortfolioRow,
  statementsPerRole,
  visibleById,
  visibleByIdValues,
} from '../auth/portfolio-visibility.ts';
import {
  assetDistributionOf,
  type HoldingReportView,
  holdingReportJson,
} from '../holdings/holding-report.ts';
import { preparedPerDatabase } from '../prepared.ts';
import { readAccountOrApplication } from './account-or-application.ts';

const { portfolios, holdingReports } = schema;

const detailStatements = preparedPerDatabase((db) =>
  statementsPerRole((role, scope) =>
    db
      .select({
        portfolio: portfolios,
        ...currentAccountColumns,
        holding: sql<HoldingReportView | null>`case when ${holdingReports.id} is null then null
          else ${holdingReportJson} end`,
      })
      .from(portfolios)
      .leftJoin(holdingReports, eq(holdingReports.id, portfolios.currentHoldingReportId))
      .where(visibleById(role))
      .prepare(`portfolio_detail_of_${scope}`),
  ),
);

/**
 * Everything the detail view shows of a portfolio the caller may see, in one statement: the
 * portfolio, its current account and its latest report with the report's lines. The detail is
 * the call a screen makes most after the list, so it costs one round trip and no query building.
 */
export async function readPortfolioDetail(
  db: Db,
  box: SecretBox,
  id: string,
  caller: Caller,
): Promise<{
  portfolio: PortfolioRow;
  account: CurrentAccount;
  holding: HoldingReportView | null;
}> {
  const statement = forRole(caller.role, detailStatements(db));
  const [row] = await statement.execute(visibleByIdValues(id, caller));
  if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
  return { portfolio: row.portfolio, account: currentAccountOf(row, box), holding: row.holding };
}

/** GET /portfolios/{id}: the account (or the application standing in) and its latest report. */
export async function getPortfolioDetail(
  context: Pick<ApiContext, 'db' | 'box'>,
  caller: Caller,
  id: string,
): Promise<PortfolioDetail> {
  const detail = await readPortfolioDetail(context.db, context.box, id, caller);
  const { portfolio, holding: report } = detail;
  const account = await readAccountOrApplication(context, portfolio, detail.account);
  const {
    id: _id,
    portfolio: _portfolio,
    created_at: _at,
    benchmark_returns,
    ...holding
  } = report ?? { benchmark_returns: null };
  return {
    id: portfolio.id,
    current_client_data: account.clientData,
    current_custodians: account.custodians,
    client_name: portfolio.clientName,
    inception_date: portfolio.inceptionDate,
    user_dnt: portfolio.userDnt as PortfolioDetail['user_dnt'],
    status: portfolio.status as PortfolioDetail['status'],
    current_strategy: account.strategy,
    current_holding: report ? (holding as PortfolioDetail['current_holding']) : null,
    benchmark_returns,
    asset_distribution: report ? assetDistributionOf(report.assets, report.nav) : null,
  };
}
