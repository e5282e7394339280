/**
 * Product §3 Strategy envelope: the style decides whether `strategy` is a bond or a token strategy.
 */
import { z } from 'zod';
import { BOND_STRATEGY_STYLE, TOKEN_STRATEGY_STYLES } from '../enums.ts';
import { discriminatorError, IsoDateTimeSchema } from '../fields.ts';
import { BondStrategySchema } from './bond-strategy.ts';
import { TaxDataSchema } from './tax.ts';
import { TokenStrategySchema } from './token-strategy.ts';

export const BondStrategyInputSchema = z.object({
  style: z.literal(BOND_STRATEGY_STYLE),
  strategy: BondStrategySchema,
  tax_data: TaxDataSchema,
});
export type BondStrategyInput = z.infer<typeof BondStrategyInputSchema>;

export const TokenStrategyInputSchema = z.object({
  style: z.enum(TOKEN_STRATEGY_STYLES),
  strategy: TokenStrategySchema,
  tax_data: TaxDataSchema,
});
export type TokenStrategyInput = z.infer<typeof TokenStrategyInputSchema>;

/** What a client sends: the envelope without its server-set timestamp. */
export const StrategyInputSchema = z.discriminatedUnion(
  'style',
  [BondStrategyInputSchema, TokenStrategyInputSchema],
  { error: discriminatorError('style') },
);
export type StrategyInput = z.infer<typeof StrategyInputSchema>;

export const StrategySchema = z.discriminatedUnion(
  'style',
  [
    BondStrategyInputSchema.extend({ created_at: IsoDateTimeSchema }),
    TokenStrategyInputSchema.extend({ created_at: IsoDateTimeSchema }),
  ],
  { error: discriminatorError('style') },
);
export type Strategy = z.infer<typeof StrategySchema>;
