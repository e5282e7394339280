/**
 * Product §3 daily series behind the portfolio charts (GET .../nav/history and friends), in US
 * dollars.
 */
import { z } from 'zod';
import { IsoDateSchema } from '../fields.ts';

export const NavHistoryPointSchema = z.object({
  report_date: IsoDateSchema,
  nav: z.number(),
});
export type NavHistoryPoint = z.infer<typeof NavHistoryPointSchema>;

export const DepositWithdrawPointSchema = z.object({
  report_date: IsoDateSchema,
  report_date_deposit_usd: z.number(),
  report_date_withdraw_usd: z.number(),
});
export type DepositWithdrawPoint = z.infer<typeof DepositWithdrawPointSchema>;

export const GainLossPointSchema = z.object({
  report_date: IsoDateSchema,
  report_date_realized_gain: z.number(),
  report_date_realized_loss: z.number(),
});
export type GainLossPoint = z.infer<typeof GainLossPointSchema>;
