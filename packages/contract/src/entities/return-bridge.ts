/**
 * A return opened into what made it (decision 024): from the value at the close the period
 * starts from, through money moved in and out, income, price changes realised and not, and
 * fees, to the closing value; the lines add up to the cent. The return beside them is
 * time-weighted, so the flows do not move it.
 */
import { z } from 'zod';
import { IsoDateSchema } from '../fields.ts';
import { RETURN_PERIODS } from '../return-periods.ts';

export const ReturnBridgeSchema = z.object({
  period: z.enum(RETURN_PERIODS),
  /** The close the period starts from, and the report day it ends on. */
  start_date: IsoDateSchema,
  end_date: IsoDateSchema,
  opening_value: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
  income: z.number(),
  realized_price_change: z.number(),
  unrealized_price_change: z.number(),
  fees: z.number(),
  closing_value: z.number(),
  /** Percent; annualised when the period is longer than a year. */
  time_weighted_return_pct: z.number(),
  annualized: z.boolean(),
  /** The method in words, shown under the figures. */
  method: z.string(),
});
export type ReturnBridge = z.infer<typeof ReturnBridgeSchema>;

/** Every period the latest report has a return for. */
export const ReturnBridgesSchema = z.object({
  report_date: IsoDateSchema,
  bridges: z.array(ReturnBridgeSchema),
});
export type ReturnBridges = z.infer<typeof ReturnBridgesSchema>;
