/**
 * How far the daily valuation of a firm has come (decision 035). The valuation goes day by day
 * across all of a firm's open accounts, so one day says where it stands: the last one through
 * which every open account is valued.
 */
import type { ValuationProgress } from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, eq, ne, sql } from 'drizzle-orm';

const { portfolioBooks, portfolios } = schema;

export async function readValuationProgress(
  db: Db,
  firmId: string,
  dueDate: string,
): Promise<ValuationProgress> {
  const [row] = await db
    .select({
      // An account not valued yet is owed nothing before it opened: it counts as valued through
      // the day before its inception, so an account opened today holds no one back.
      valuedThrough: sql<string | null>`min(coalesce(${portfolioBooks.valuedThrough},
        ${portfolios.inceptionDate} - 1))::text`,
    })
    .from(portfolioBooks)
    .innerJoin(portfolios, eq(portfolios.id, portfolioBooks.portfolioId))
    // Closed accounts are not valued after closing (decision 024), so they are never behind.
    .where(and(eq(portfolioBooks.firmId, firmId), ne(portfolios.status, 'CLOSED')));
  const valuedThrough = row?.valuedThrough ?? null;
  return {
    due_date: dueDate,
    valued_through: valuedThrough,
    is_behind: valuedThrough !== null && valuedThrough < dueDate,
  };
}
