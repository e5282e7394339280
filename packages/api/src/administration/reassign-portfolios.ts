import {
  NOT_FOUND_DETAIL,
  type PortfolioReassignmentResult,
  REASSIGN_TO_INACTIVE,
  REASSIGN_TO_SELF,
  REASSIGN_TO_UNKNOWN,
} from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../accounts/current-account.ts';
import { AppError, fieldError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { appendAuditEvent } from './audit-trail.ts';

const { advisors, portfolios, portfolioAdvisors } = schema;

async function findAdvisorOfFirm(tx: Tx, firmId: string, advisorId: string) {
  const [row] = await tx
    .select({ id: advisors.id, email: advisors.email, status: advisors.status })
    .from(advisors)
    .where(and(eq(advisors.id, advisorId), eq(advisors.firmId, firmId)))
    // Held until commit, so the taker cannot be deactivated half-way through the move.
    .for('share');
  return row;
}

/**
 * Gives every portfolio a departing user advises to another advisor of the firm, in one
 * transaction (decision 022): the departing user's `portfolio_advisors` rows go, and the taker's
 * are added where they do not advise the portfolio already. Rows are inserted and deleted, never
 * updated, because those are what move the firm's `list_version` (migration 0008) and so refresh
 * every cached portfolio list at once. `moved` counts the portfolios the departing user left.
 */
export async function reassignPortfoliosOf(
  db: Db,
  caller: Caller,
  fromAdvisorId: string,
  toAdvisorId: string,
): Promise<PortfolioReassignmentResult> {
  return db.transaction(async (tx) => {
    const from = await findAdvisorOfFirm(tx, caller.firmId, fromAdvisorId);
    if (!from) throw new AppError('not_found', NOT_FOUND_DETAIL);
    if (toAdvisorId === from.id) throw fieldError('to_advisor', 'invalid', REASSIGN_TO_SELF);
    // Another firm's advisor is answered as one that does not exist, revealing nothing.
    const to = await findAdvisorOfFirm(tx, caller.firmId, toAdvisorId);
    if (!to) throw fieldError('to_advisor', 'does_not_exist', REASSIGN_TO_UNKNOWN);
    if (to.status !== 'ACTIVE') throw fieldError('to_advisor', 'invalid', REASSIGN_TO_INACTIVE);

    // In the database, in two statements, however many portfolios the user advises.
    const advisedByFrom = and(
      eq(portfolioAdvisors.advisorId, from.id),
      inArray(
        portfolioAdvisors.portfolioId,
        tx
          .select({ id: portfolios.id })
          .from(portfolios)
          .where(eq(portfolios.firmId, caller.firmId)),
      ),
    );
    await tx
      .insert(portfolioAdvisors)
      .select(
        tx
          .select({
            portfolioId: portfolioAdvisors.portfolioId,
            advisorId: sql<string>`${to.id}::uuid`.as('advisor_id'),
          })
          .from(portfolioAdvisors)
          .where(advisedByFrom),
      )
      .onConflictDoNothing();
    const left = await tx
      .delete(portfolioAdvisors)
      .where(advisedByFrom)
      .returning({ portfolioId: portfolioAdvisors.portfolioId });
    if (left.length === 0) return { moved: 0 };
    await appendAuditEvent(tx, {
      firmId: caller.firmId,
      kind: 'PORTFOLIOS_REASSIGNED',
      actorAdvisorId: caller.advisorId,
      subject: from.email,
      before: { advisor: from.email, portfolios: left.length },
      after: { advisor: to.email },
    });
    return { moved: left.length };
  });
}
