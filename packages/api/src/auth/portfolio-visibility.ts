import { type AdvisorRole, NOT_FOUND_DETAIL } from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import { AppError } from '../app-error.ts';
import { preparedPerDatabase } from '../prepared.ts';
import type { Caller } from './authenticate.ts';

const { portfolios, portfolioAdvisors } = schema;

type Scope = {
  role: AdvisorRole;
  firmId: string | Placeholder;
  advisorId: string | Placeholder;
};

/**
 * docs/architecture.md "Roles": an ADVISOR sees the portfolios they advise; every other role the
 * whole firm, and nobody another firm's. Every query that reaches a portfolio goes through this
 * condition.
 */
export function visiblePortfolios(scope: Scope) {
  const ofFirm = eq(portfolios.firmId, scope.firmId);
  if (scope.role !== 'ADVISOR') return ofFirm;
  return and(
    ofFirm,
    inArray(
      portfolios.id,
      sql`(select ${portfolioAdvisors.portfolioId} from ${portfolioAdvisors} where ${portfolioAdvisors.advisorId} = ${scope.advisorId})`,
    ),
  );
}

/**
 * One portfolio by id, if the caller may see it, for a prepared statement: the placeholders are
 * `id`, `firmId` and `advisorId`, filled by visibleByIdValues. An advisor's statement differs
 * from everyone else's, so a caller's role picks which of two statements runs.
 */
export function visibleById(role: AdvisorRole) {
  return and(
    eq(portfolios.id, sql.placeholder('id')),
    visiblePortfolios({
      role,
      firmId: sql.placeholder('firmId'),
      advisorId: sql.placeholder('advisorId'),
    }),
  );
}

export function visibleByIdValues(id: string, caller: Caller) {
  return { id, firmId: caller.firmId, advisorId: caller.advisorId };
}

/**
 * A prepared statement for advisors and one for the rest of the firm, built alike; `forRole`
 * picks the caller's. `scope` tells their names apart.
 */
export function statementsPerRole<Statement>(
  build: (role: AdvisorRole, scope: 'advisor' | 'firm') => Statement,
): { advisor: Statement; firm: Statement } {
  return { advisor: build('ADVISOR', 'advisor'), firm: build('ADMINISTRATOR', 'firm') };
}

export function forRole<Statement>(
  role: AdvisorRole,
  statements: { advisor: Statement; firm: Statement },
): Statement {
  return role === 'ADVISOR' ? statements.advisor : statements.firm;
}

export type PortfolioRow = typeof portfolios.$inferSelect;

const visiblePortfolioStatements = preparedPerDatabase((db) =>
  statementsPerRole((role, scope) =>
    db.select().from(portfolios).where(visibleById(role)).prepare(`visible_portfolio_of_${scope}`),
  ),
);

/** The portfolio, if the caller may see it; otherwise not found, whether or not it exists. */
export async function getVisiblePortfolio(
  db: Db,
  id: string,
  caller: Caller,
): Promise<PortfolioRow> {
  const statement = forRole(caller.role, visiblePortfolioStatements(db));
  const [row] = await statement.execute(visibleByIdValues(id, caller));
  if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
  return row;
}
