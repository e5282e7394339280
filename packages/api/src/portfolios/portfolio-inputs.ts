import type { PortfolioInputsDraft } from '@ballast/contract';
import { schema } from '@ballast/db';
import { and, eq, inArray } from 'drizzle-orm';
import { clientNameOf } from '../accounts/current-account.ts';
import { savedInputsOf } from '../accounts/saved-inputs.ts';
import type { ApiContext } from '../api-route.ts';
import { AppError, RequestValidationError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { getVisiblePortfolio, type PortfolioRow } from '../auth/portfolio-visibility.ts';
import { getApplication } from './onboarding-application.ts';

const { portfolios, portfolioAdvisors, onboardingApplications, advisors } = schema;

type Inputs = Partial<PortfolioInputsDraft> & { advisor_input_data?: string[] | undefined };

async function advisorIdsOf(db: ApiContext['db'], portfolioId: string): Promise<string[]> {
  const rows = await db
    .select({ advisorId: portfolioAdvisors.advisorId })
    .from(portfolioAdvisors)
    .where(eq(portfolioAdvisors.portfolioId, portfolioId));
  return rows.map((row) => row.advisorId);
}

/**
 * Replaces the advisors on the account with those named, always keeping the originating advisor
 * (decision 021); an id that is no advisor of the caller's firm is refused at its index.
 */
async function replaceAdvisors(
  db: ApiContext['db'],
  caller: Caller,
  portfolio: PortfolioRow,
  named: string[],
): Promise<void> {
  const wanted = [...new Set(named)];
  const known =
    wanted.length === 0
      ? []
      : await db
          .select({ id: advisors.id })
          .from(advisors)
          .where(and(eq(advisors.firmId, caller.firmId), inArray(advisors.id, wanted)));
  const unknown = named
    .map((id, index) => ({ id, index }))
    .filter(({ id }) => !known.some((row) => row.id === id));
  if (unknown.length > 0) {
    throw new RequestValidationError({
      type: 'validation_error',
      errors: unknown.map(({ id, index }) => ({
        code: 'does_not_exist',
        detail: `Advisor ${id} does not exist.`,
        attr: `advisor_input_data.${index}`,
      })),
    });
  }
  const ids = [...new Set([portfolio.originatingAdvisorId, ...wanted])];
  await db.transaction(async (tx) => {
    await tx.delete(portfolioAdvisors).where(eq(portfolioAdvisors.portfolioId, portfolio.id));
    await tx
      .insert(portfolioAdvisors)
      .values(ids.map((advisorId) => ({ portfolioId: portfolio.id, advisorId })));
  });
}

export async function readSavedInputs(
  { db, box }: Pick<ApiContext, 'db' | 'box'>,
  caller: Caller,
  portfolioId: string,
): Promise<Inputs> {
  const portfolio = await getVisiblePortfolio(db, portfolioId, caller);
  return {
    ...savedInputsOf(await getApplication(db, portfolio.id), box),
    advisor_input_data: await advisorIdsOf(db, portfolio.id),
  };
}

/** Saves the sections sent (PUT and PATCH alike) while the application is still a draft. */
export async function saveInputs(
  context: Pick<ApiContext, 'db' | 'box'>,
  caller: Caller,
  portfolioId: string,
  inputs: Inputs,
): Promise<Inputs> {
  const { db, box } = context;
  const portfolio = await getVisiblePortfolio(db, portfolioId, caller);
  if (portfolio.status !== 'INCOMPLETE') {
    throw new AppError(
      'request_conflict',
      'The application was submitted; request changes through actions.',
    );
  }
  if (inputs.advisor_input_data) {
    await replaceAdvisors(db, caller, portfolio, inputs.advisor_input_data);
  }
  await db
    .update(onboardingApplications)
    .set({
      ...(inputs.client_data
        ? { clientInputCiphertext: box.seal(JSON.stringify(inputs.client_data)) }
        : {}),
      ...(inputs.strategy ? { strategyInput: inputs.strategy } : {}),
      ...(inputs.custodians ? { custodianInput: inputs.custodians } : {}),
      ...(inputs.kyc_input_data ? { kycInput: inputs.kyc_input_data } : {}),
      ...(inputs.client_suitability_data ? { suitability: inputs.client_suitability_data } : {}),
      lastUpdatedAt: new Date(),
    })
    .where(eq(onboardingApplications.portfolioId, portfolio.id));
  if (inputs.client_data) {
    await db
      .update(portfolios)
      .set({ clientName: clientNameOf(inputs.client_data) })
      .where(eq(portfolios.id, portfolio.id));
  }
  return readSavedInputs(context, caller, portfolio.id);
}
