import { ClientDataInputSchema, type Strategy } from '@ballast/contract';
import { type CurrentAccount, readCurrentAccount } from '../accounts/current-account.ts';
import { savedInputsOf } from '../accounts/saved-inputs.ts';
import type { ApiContext } from '../api-route.ts';
import { AppError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { getVisiblePortfolio, type PortfolioRow } from '../auth/portfolio-visibility.ts';
import { getApplication } from './onboarding-application.ts';

type Context = Pick<ApiContext, 'db' | 'box'>;

/**
 * The account as it currently is. Until operations opens it there is no current version, and
 * the onboarding application is the best knowledge there is, so it stands in.
 */
export async function readAccountOrApplication(
  { db, box }: Context,
  portfolio: PortfolioRow,
  current?: CurrentAccount,
): Promise<CurrentAccount> {
  const account = current ?? (await readCurrentAccount(db, box, portfolio));
  const { clientData, custodians, strategy } = account;
  if (clientData && strategy) return account;
  const application = await getApplication(db, portfolio.id);
  const inputs = savedInputsOf(application, box);
  const asOf = application.lastUpdatedAt.toISOString();
  // A draft's client data may still lack owner fields (decision 021); only a whole one can stand
  // in for the account's, so the views never show half an owner as the client.
  const draftClientData = ClientDataInputSchema.safeParse(inputs.client_data);
  return {
    clientData:
      clientData ??
      (draftClientData.success ? { ...draftClientData.data, created_at: asOf } : null),
    custodians:
      custodians.length > 0
        ? custodians
        : (inputs.custodians ?? []).map((custodian) => ({
            custodian_name: custodian.custodian_name,
            custodian_account: custodian.account_number ?? '',
          })),
    strategy:
      strategy ?? (inputs.strategy ? ({ ...inputs.strategy, created_at: asOf } as Strategy) : null),
  };
}

/** Why each part of the account can be missing: nothing of it was saved yet. */
const NOT_SAVED = {
  clientData: 'No client data has been saved yet.',
  strategy: 'No strategy has been chosen yet.',
} as const;

/** One part of the account (or of the application standing in), or not found while unsaved. */
export async function getAccountPart<Part extends keyof typeof NOT_SAVED>(
  context: Context,
  caller: Caller,
  portfolioId: string,
  part: Part,
): Promise<NonNullable<CurrentAccount[Part]>> {
  const portfolio = await getVisiblePortfolio(context.db, portfolioId, caller);
  const value = (await readAccountOrApplication(context, portfolio))[part];
  if (!value) throw new AppError('not_found', NOT_SAVED[part]);
  return value;
}
