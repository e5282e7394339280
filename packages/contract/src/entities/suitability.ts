/** Product §3 suitability data with the product §5 suitability choices. */
import { z } from 'zod';
import {
  INVESTMENT_OBJECTIVES,
  RISK_LEVELS,
  SOPHISTICATION_LEVELS,
  TAX_STATUSES,
  TIME_HORIZONS,
} from '../enums.ts';
import { choice, percent, requiredBoolean, requiredOr } from '../fields.ts';
import { INVALID_VALUE } from '../messages.ts';

export const SuitabilitySchema = z.object(
  {
    // US dollars the client means to invest.
    investment_amount: z
      .number({ error: requiredOr(INVALID_VALUE) })
      .min(0, { error: INVALID_VALUE }),
    percent_net_worth: percent(),
    is_financial_professional: requiredBoolean(),
    sophistication: choice(SOPHISTICATION_LEVELS),
    objective: choice(INVESTMENT_OBJECTIVES),
    risk: choice(RISK_LEVELS),
    time_horizon: choice(TIME_HORIZONS),
    tax_status: choice(TAX_STATUSES),
  },
  { error: requiredOr(INVALID_VALUE) },
);
export type Suitability = z.infer<typeof SuitabilitySchema>;

/** Drafts (decision 021): any of the fields above, each valid when given. */
export const SuitabilityDraftSchema = SuitabilitySchema.partial();
export type SuitabilityDraft = z.infer<typeof SuitabilityDraftSchema>;
