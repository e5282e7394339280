import { type Db, schema } from '@ballast/db';
import { asc, eq } from 'drizzle-orm';

const { portfolios } = schema;

/**
 * The ids of every portfolio of the firm, in id order: the exports walk the firm a portfolio (or
 * a few) at a time. Ten thousand ids are a few hundred kilobytes.
 */
export async function firmPortfolioIds(db: Db, firmId: string): Promise<string[]> {
  const rows = await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(eq(portfolios.firmId, firmId))
    .orderBy(asc(portfolios.id));
  return rows.map((row) => row.id);
}
