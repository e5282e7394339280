/**
 * Product §3 portfolio inputs: what onboarding collects (client data, strategy, custodians, KYC
 * input), with the client's suitability, which the onboarding application carries alongside.
 * Field names match the product §8 attrs (client_data.*, strategy.*, custodians.INDEX,
 * kyc_input_data).
 */
import { z } from 'zod';
import { requiredOr } from '../fields.ts';
import { INVALID_VALUE } from '../messages.ts';
import { ClientDataInputSchema } from './client-data.ts';
import { type AccountNumberCheck, custodianInputSchema } from './custodian.ts';
import { KycInputSchema } from './kyc.ts';
import { StrategyInputSchema } from './strategy.ts';
import { SuitabilitySchema } from './suitability.ts';

const listError = { error: requiredOr(INVALID_VALUE) };

/**
 * Saving a draft (PUT/PATCH /inputs) checks account numbers laxly; opening the account checks
 * the saved inputs strictly, so an empty account number only blocks the opening.
 */
export function portfolioInputsSchema(check: AccountNumberCheck) {
  return z.object(
    {
      client_data: ClientDataInputSchema,
      strategy: StrategyInputSchema,
      custodians: z.array(custodianInputSchema(check), listError),
      kyc_input_data: z.array(KycInputSchema, listError),
      client_suitability_data: SuitabilitySchema,
    },
    listError,
  );
}

export const PortfolioInputsSchema = portfolioInputsSchema({ strict: true });
export type PortfolioInputs = z.infer<typeof PortfolioInputsSchema>;
export const PortfolioInputsDraftSchema = portfolioInputsSchema({ strict: false });
export type PortfolioInputsDraft = z.infer<typeof PortfolioInputsDraftSchema>;
