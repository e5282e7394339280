import type { PortfolioInputsDraft } from '@ballast/contract';
import { schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { clientNameOf } from '../accounts/current-account.ts';
import { savedInputsOf } from '../accounts/saved-inputs.ts';
import type { ApiContext } from '../api-route.ts';
import { AppError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { getVisiblePortfolio } from '../auth/portfolio-visibility.ts';
import { getApplication } from './onboarding-application.ts';

const { portfolios, onboardingApplications } = schema;

type Inputs = Partial<PortfolioInputsDraft>;

export async function readSavedInputs(
  { db, box }: Pick<ApiContext, 'db' | 'box'>,
  caller: Caller,
  portfolioId: string,
): Promise<Inputs> {
  const portfolio = await getVisiblePortfolio(db, portfolioId, caller);
  return savedInputsOf(await getApplication(db, portfolio.id), box);
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
  return savedInputsOf(await getApplication(db, portfolio.id), box);
}
