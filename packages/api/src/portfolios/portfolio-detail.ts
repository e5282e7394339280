import { NOT_FOUND_DETAIL } from '@ballast/contract';
import { type Db, type SecretBox, schema } from '@ballast/db';
import { eq, sql } from 'drizzle-orm';
import {
  type CurrentAccount,
  currentAccountColumns,
  currentAccountOf,
} from '../accounts/current-account.ts';
import { AppError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import {
  forRole,
  type PortfolioRow,
  statementsPerRole,
  visibleById,
  visibleByIdValues,
} from '../auth/portfolio-visibility.ts';
import { type HoldingReportView, holdingReportJson } from '../holdings/holding-report.ts';
import { preparedPerDatabase } from '../prepared.ts';

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
