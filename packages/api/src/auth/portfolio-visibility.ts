import { NOT_FOUND_DETAIL } from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../app-error.ts';
import type { Caller } from './authenticate.ts';

const { portfolios, portfolioAdvisors } = schema;

/**
 * DESIGN "Roles": an ADVISOR sees the portfolios they advise; every other role the whole firm,
 * and nobody another firm's. Every query that reaches a portfolio goes through this condition.
 */
export function visiblePortfolios(caller: Caller) {
  const ofFirm = eq(portfolios.firmId, caller.firmId);
  if (caller.role !== 'ADVISOR') return ofFirm;
  return and(
    ofFirm,
    inArray(
      portfolios.id,
      sql`(select ${portfolioAdvisors.portfolioId} from ${portfolioAdvisors} where ${portfolioAdvisors.advisorId} = ${caller.advisorId})`,
    ),
  );
}

export type PortfolioRow = typeof portfolios.$inferSelect;

/** The portfolio, if the caller may see it; otherwise not found, whether or not it exists. */
export async function findVisiblePortfolio(
  db: Db,
  id: string,
  caller: Caller,
): Promise<PortfolioRow> {
  const [row] = await db
    .select()
    .from(portfolios)
    .where(and(eq(portfolios.id, id), visiblePortfolios(caller)));
  if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
  return row;
}
