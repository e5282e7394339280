/**
 * Product §3 portfolio inputs: what onboarding collects (client data, strategy, custodians, KYC
 * input), with the client's suitability, which the onboarding application carries alongside.
 * Field names match the product §8 attrs (client_data.*, strategy.*, custodians.INDEX,
 * kyc_input_data).
 */
import { z } from 'zod';
import { requiredOr } from '../fields.ts';
import { INVALID_VALUE } from '../messages.ts';
import { ClientDataDraftSchema, ClientDataInputSchema } from './client-data.ts';
import { type AccountNumberCheck, custodianInputSchema } from './custodian.ts';
import { KycInputSchema } from './kyc.ts';
import { StrategyInputSchema } from './strategy.ts';
import { SuitabilityDraftSchema, SuitabilitySchema } from './suitability.ts';

const listError = { error: requiredOr(INVALID_VALUE) };

/**
 * Saving a draft (PUT/PATCH /inputs) checks laxly: client data and suitability as far as they are
 * typed, account numbers possibly empty (decision 021). Opening the account checks the saved
 * inputs strictly, so only the opening is blocked by what is missing.
 */
function portfolioInputsSchema<ClientData extends z.ZodType, Suitability extends z.ZodType>(
  clientData: ClientData,
  suitability: Suitability,
  check: AccountNumberCheck,
) {
  return z.object(
    {
      client_data: clientData,
      strategy: StrategyInputSchema,
      custodians: z.array(custodianInputSchema(check), listError),
      kyc_input_data: z.array(KycInputSchema, listError),
      client_suitability_data: suitability,
    },
    listError,
  );
}

export const PortfolioInputsSchema = portfolioInputsSchema(
  ClientDataInputSchema,
  SuitabilitySchema,
  { strict: true },
);
export type PortfolioInputs = z.infer<typeof PortfolioInputsSchema>;
export const PortfolioInputsDraftSchema = portfolioInputsSchema(
  ClientDataDraftSchema,
  SuitabilityDraftSchema,
  { strict: false },
);
export type PortfolioInputsDraft = z.infer<typeof PortfolioInputsDraftSchema>;
