import {
  type CreatePortfolioBody,
  NOT_FOUND_DETAIL,
  type OnboardingApplication,
} from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, eq, inArray } from 'drizzle-orm';
import { savedInputsOf } from '../accounts/saved-inputs.ts';
import type { ApiContext } from '../api-route.ts';
import { AppError, RequestValidationError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { getVisiblePortfolio, type PortfolioRow } from '../auth/portfolio-visibility.ts';

const { portfolios, portfolioAdvisors, onboardingApplications, advisors } = schema;

export type ApplicationRow = typeof onboardingApplications.$inferSelect;

export async function getApplication(db: Db, portfolioId: string): Promise<ApplicationRow> {
  const [row] = await db
    .select()
    .from(onboardingApplications)
    .where(eq(onboardingApplications.portfolioId, portfolioId));
  if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
  return row;
}

async function toApplication(
  { db, box }: Pick<ApiContext, 'db' | 'box'>,
  row: ApplicationRow,
  portfolio: PortfolioRow,
): Promise<OnboardingApplication> {
  const advisorRows = await db
    .select({ advisorId: portfolioAdvisors.advisorId })
    .from(portfolioAdvisors)
    .where(eq(portfolioAdvisors.portfolioId, portfolio.id));
  const inputs = savedInputsOf(row, box);
  return {
    portfolio_id: portfolio.id,
    created_at: row.createdAt.toISOString(),
    last_updated_at: row.lastUpdatedAt.toISOString(),
    client_input_data: inputs.client_data ?? null,
    strategy_input_data: inputs.strategy ?? null,
    custodian_input_data: inputs.custodians ?? [],
    kyc_input_data: inputs.kyc_input_data ?? [],
    client_suitability_data: inputs.client_suitability_data ?? null,
    advisor_input_data: advisorRows.map((entry) => entry.advisorId),
    originating_advisor_id: portfolio.originatingAdvisorId,
  };
}

/** A new INCOMPLETE portfolio with its empty application, advised by the advisors named. */
export async function startOnboarding(
  context: Pick<ApiContext, 'db' | 'box'>,
  caller: Caller,
  body: CreatePortfolioBody,
): Promise<OnboardingApplication> {
  const { db } = context;
  if (caller.role === 'OPERATIONS') {
    throw new AppError('permission_denied', 'Operations staff do not open client accounts.');
  }
  const originating = body.originating_advisor_id ?? caller.advisorId;
  const advisorIds = [...new Set([originating, ...(body.advisor_input_data ?? [])])];
  const known = await db
    .select({ id: advisors.id })
    .from(advisors)
    .where(and(eq(advisors.firmId, caller.firmId), inArray(advisors.id, advisorIds)));
  const unknown = advisorIds.filter((id) => !known.some((row) => row.id === id));
  if (unknown.length > 0) {
    throw new RequestValidationError({
      type: 'validation_error',
      errors: unknown.map((id) => ({
        code: 'does_not_exist',
        detail: `Advisor ${id} does not exist.`,
        attr:
          id === body.originating_advisor_id
            ? 'originating_advisor_id'
            : `advisor_input_data.${(body.advisor_input_data ?? []).indexOf(id)}`,
      })),
    });
  }
  const { portfolio, application } = await db.transaction(async (tx) => {
    const [portfolio] = await tx
      .insert(portfolios)
      .values({ firmId: caller.firmId, originatingAdvisorId: originating })
      .returning();
    if (!portfolio) throw new Error('The portfolio could not be stored.');
    await tx
      .insert(portfolioAdvisors)
      .values(advisorIds.map((advisorId) => ({ portfolioId: portfolio.id, advisorId })));
    const [application] = await tx
      .insert(onboardingApplications)
      .values({ portfolioId: portfolio.id })
      .returning();
    if (!application) throw new Error('The application could not be stored.');
    return { portfolio, application };
  });
  return toApplication(context, application, portfolio);
}

export async function deleteIncompletePortfolio(
  db: Db,
  caller: Caller,
  portfolioId: string,
): Promise<void> {
  const portfolio = await getVisiblePortfolio(db, portfolioId, caller);
  if (portfolio.status !== 'INCOMPLETE') {
    throw new AppError('request_conflict', 'Only an incomplete portfolio can be deleted.');
  }
  await db
    .delete(portfolios)
    .where(and(eq(portfolios.id, portfolio.id), eq(portfolios.firmId, caller.firmId)));
}
