/** Product §3 token strategy (styles F, D and A). */
import { z } from 'zod';
import { percent, requiredOr, requiredText } from '../fields.ts';
import { INVALID_VALUE } from '../messages.ts';
import { TaxOptionsSchema } from './tax.ts';

const objectError = { error: requiredOr(INVALID_VALUE) };

export const TokenAssetSchema = z.object(
  { instrument: requiredText(), target_pct: percent() },
  objectError,
);
export type TokenAsset = z.infer<typeof TokenAssetSchema>;

export const TokenLimitSchema = z.object(
  { instrument: requiredText(), limit_pct: percent() },
  objectError,
);
export type TokenLimit = z.infer<typeof TokenLimitSchema>;

export const TokenConstraintsSchema = z.object(
  {
    exclude: z.array(requiredText(), objectError),
    limits: z.array(TokenLimitSchema, objectError),
  },
  objectError,
);
export type TokenConstraints = z.infer<typeof TokenConstraintsSchema>;

// Universe, methodology and frequency take the values the style's form options offer, which
// the server serves and may change, so they are open strings here. Target weights are not
// summed: index and active styles derive their weights and may list no fixed assets.
export const TokenStrategySchema = z.object(
  {
    assets: z.array(TokenAssetSchema, objectError),
    token_universe: requiredText(),
    calculation_methodology: requiredText(),
    recalculation_frequency: requiredText(),
    constraints: TokenConstraintsSchema,
    tax_options: TaxOptionsSchema,
  },
  objectError,
);
export type TokenStrategy = z.infer<typeof TokenStrategySchema>;
