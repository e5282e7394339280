/** Product §3 onboarding application: everything gathered before an account opens. */
import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from '../fields.ts';
import { ClientDataDraftSchema } from './client-data.ts';
import { CustodianInputDraftSchema } from './custodian.ts';
import { KycInputSchema } from './kyc.ts';
import { StrategyInputSchema } from './strategy.ts';
import { SuitabilityDraftSchema } from './suitability.ts';

// Parts not yet entered are null; the others are drafts (decision 021), as far as typed.
export const OnboardingApplicationSchema = z.object({
  portfolio_id: IdSchema,
  created_at: IsoDateTimeSchema,
  last_updated_at: IsoDateTimeSchema,
  client_input_data: ClientDataDraftSchema.nullable(),
  strategy_input_data: StrategyInputSchema.nullable(),
  custodian_input_data: z.array(CustodianInputDraftSchema),
  kyc_input_data: z.array(KycInputSchema),
  client_suitability_data: SuitabilityDraftSchema.nullable(),
  advisor_input_data: z.array(IdSchema),
  originating_advisor_id: IdSchema,
});
export type OnboardingApplication = z.infer<typeof OnboardingApplicationSchema>;
