/** Product §3 onboarding application: everything gathered before an account opens. */
import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from '../fields.ts';
import { ClientDataInputSchema } from './client-data.ts';
import { CustodianInputDraftSchema } from './custodian.ts';
import { KycInputSchema } from './kyc.ts';
import { StrategyInputSchema } from './strategy.ts';
import { SuitabilitySchema } from './suitability.ts';

// Parts not yet entered are null; custodians are drafts, whose account numbers may be empty.
export const OnboardingApplicationSchema = z.object({
  portfolio_id: IdSchema,
  created_at: IsoDateTimeSchema,
  last_updated_at: IsoDateTimeSchema,
  client_input_data: ClientDataInputSchema.nullable(),
  strategy_input_data: StrategyInputSchema.nullable(),
  custodian_input_data: z.array(CustodianInputDraftSchema),
  kyc_input_data: z.array(KycInputSchema),
  client_suitability_data: SuitabilitySchema.nullable(),
  advisor_input_data: z.array(IdSchema),
  originating_advisor_id: IdSchema,
});
export type OnboardingApplication = z.infer<typeof OnboardingApplicationSchema>;
