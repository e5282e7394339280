/** Product §3 token lot: one acquisition of a coin, for cost-basis tracking. */
import { z } from 'zod';
import { requiredOr, requiredText } from '../fields.ts';
import { INVALID_VALUE } from '../messages.ts';

// Token quantities carry 18 decimals (numeric(38,18) in the database), more than a JSON number
// holds exactly, so the amount travels as a decimal string.
export const TokenAmountSchema = z
  .string({ error: requiredOr(INVALID_VALUE) })
  .regex(/^\d{1,20}(\.\d{1,18})?$/, { error: INVALID_VALUE });

export const TokenLotSchema = z.object(
  {
    coin: requiredText(),
    amount: TokenAmountSchema,
    // US dollars paid for the whole lot.
    cost_basis: z.number({ error: requiredOr(INVALID_VALUE) }).min(0, { error: INVALID_VALUE }),
    date_acquired: z.iso.date({ error: requiredOr(INVALID_VALUE) }),
  },
  { error: requiredOr(INVALID_VALUE) },
);
export type TokenLot = z.infer<typeof TokenLotSchema>;

/**
 * POST /portfolios/holdings: the token lots a portfolio holds at its custodian, for cost basis
 * and tax-loss harvesting; the answer is the portfolio's lots as stored.
 */
export const PortfolioHoldingsSchema = z.object(
  {
    portfolio_id: z.guid({ error: requiredOr(INVALID_VALUE) }),
    lots: z.array(TokenLotSchema, { error: requiredOr(INVALID_VALUE) }),
  },
  { error: requiredOr(INVALID_VALUE) },
);
export type PortfolioHoldings = z.infer<typeof PortfolioHoldingsSchema>;
