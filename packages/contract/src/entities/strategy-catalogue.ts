/** Product §3 strategy catalogue: the strategies a firm offers and the styles they belong to. */
import { z } from 'zod';
import { STRATEGY_STATUSES, StrategyStatusSchema, StrategyStyleSchema } from '../enums.ts';
import { choice, IdSchema, IsoDateTimeSchema, requiredBoolean } from '../fields.ts';
import {
  DEFAULT_STRATEGY_MUST_BE_ACTIVE,
  INVALID_VALUE,
  STRATEGY_NAME_REQUIRED,
} from '../messages.ts';
import { StrategyInputSchema } from './strategy.ts';

export const StrategyCatalogueItemSchema = z.object({
  id: IdSchema,
  name: z.string(),
  status: StrategyStatusSchema,
  product: z.string(),
  description: z.string(),
  strategy_style: StrategyStyleSchema,
});
export type StrategyCatalogueItem = z.infer<typeof StrategyCatalogueItemSchema>;

/** GET /strategy-styles rows; `name` is what GET /strategy-styles/{name}/form-options takes. */
export const StrategyStyleInfoSchema = z.object({
  name: z.string(),
  summary: z.string(),
  description: z.string(),
});
export type StrategyStyleInfo = z.infer<typeof StrategyStyleInfoSchema>;

/**
 * A catalogue entry with the strategy it offers (decision 022): built and simulated in Build, and
 * the start of a new account's strategy step; the style's default is where that step starts.
 */
export const StrategyCatalogueEntrySchema = StrategyCatalogueItemSchema.extend({
  strategy: StrategyInputSchema,
  is_default: z.boolean(),
  updated_at: IsoDateTimeSchema,
});
export type StrategyCatalogueEntry = z.infer<typeof StrategyCatalogueEntrySchema>;

const catalogueText = (max: number) =>
  z.string({ error: INVALID_VALUE }).trim().max(max, { error: INVALID_VALUE });

/** POST /strategy-catalogue and PUT /strategy-catalogue/{id} (CIO and ADMINISTRATOR). */
export const StrategyCatalogueEntryInputSchema = z
  .object({
    name: z
      .string({ error: STRATEGY_NAME_REQUIRED })
      .trim()
      .min(1, { error: STRATEGY_NAME_REQUIRED })
      .max(120, { error: INVALID_VALUE }),
    product: catalogueText(100),
    description: catalogueText(1000),
    status: choice(STRATEGY_STATUSES),
    strategy: StrategyInputSchema,
    is_default: requiredBoolean(),
  })
  .refine((entry) => !entry.is_default || entry.status === 'A', {
    error: DEFAULT_STRATEGY_MUST_BE_ACTIVE,
    path: ['is_default'],
  });
export type StrategyCatalogueEntryInput = z.infer<typeof StrategyCatalogueEntryInputSchema>;
