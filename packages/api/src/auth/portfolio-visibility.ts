import { schema } from '@ballast/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
