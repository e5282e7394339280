import { uuid } from 'drizzle-orm/pg-core';
import { firmOwnedColumns } from './firm-owned-columns.ts';
import { portfolios } from './portfolios.ts';

/**
 * The columns a portfolio's rows start with: those of any firm-owned row, and the portfolio,
 * whose deletion takes its rows with it.
 */
export function portfolioOwnedColumns() {
  return {
    ...firmOwnedColumns(),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
  };
}
