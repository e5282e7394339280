/** Product §3 strategy catalogue: the strategies a firm offers and the styles they belong to. */
import { z } from 'zod';
import { StrategyStatusSchema, StrategyStyleSchema } from '../enums.ts';
import { IdSchema } from '../fields.ts';

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
