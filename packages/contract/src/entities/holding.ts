/**
 * Product §3 holdings: the summary the portfolio list shows, the daily holding report with its
 * asset lines, and the benchmark returns. Amounts are US dollars, `_pct` fields percentages. Yield
 * and duration figures are null for token portfolios, and a return is null until the portfolio is
 * old enough to have one.
 */
import { z } from 'zod';
import { IdSchema, IsoDateSchema, IsoDateTimeSchema } from '../fields.ts';

const figure = () => z.number().nullable();

export const HoldingSummarySchema = z.object({
  nav: z.number(),
  ytw: figure(),
  duration: figure(),
  return_ytd_pct: figure(),
  return_1y_pct: figure(),
  tey: figure(),
  current_loss_harvested_pct: figure(),
  number_of_holdings: z.int().min(0),
});
export type HoldingSummary = z.infer<typeof HoldingSummarySchema>;

export const AssetLineSchema = z.object({
  asset_class: z.string(),
  cost_basis: z.number(),
  current_value_usd: z.number(),
  // Tokens have no CUSIP.
  cusip: z.string().nullable(),
  description: z.string(),
  duration: figure(),
  last_price_usd: z.number(),
  percent_account: z.number(),
  quantity: z.number(),
  total_gain_loss_usd: z.number(),
  ytw: figure(),
  // The product carries this flag as text, not as a JSON boolean.
  in_state_flag: z.enum(['true', 'false']),
});
export type AssetLine = z.infer<typeof AssetLineSchema>;

export const HoldingReportSchema = z.object({
  report_date: IsoDateSchema,
  nav: z.number(),
  ytw: figure(),
  duration: figure(),
  annual_tax_loss: figure(),
  tey: figure(),
  percent_portfolio_analyzed: figure(),
  // A rating bucket or notch such as "AA-"; null when nothing held is rated.
  average_rating: z.string().nullable(),
  tax_loss_harvested: figure(),
  tax_loss_value: figure(),
  return_1d_usd: figure(),
  return_1d_pct: figure(),
  return_1m_usd: figure(),
  return_1m_pct: figure(),
  return_3m_usd: figure(),
  return_3m_pct: figure(),
  return_6m_usd: figure(),
  return_6m_pct: figure(),
  return_3y_usd: figure(),
  return_3y_pct: figure(),
  return_ytd_usd: figure(),
  return_ytd_pct: figure(),
  return_1y_usd: figure(),
  return_1y_pct: figure(),
  return_total_usd: figure(),
  return_total_pct: figure(),
  report_date_deposit_usd: z.number(),
  report_date_withdraw_usd: z.number(),
  report_date_realized_gain: z.number(),
  report_date_realized_loss: z.number(),
  number_of_holdings: z.int().min(0),
  assets: z.array(AssetLineSchema),
});
export type HoldingReport = z.infer<typeof HoldingReportSchema>;

/** A stored holding report, as the performance history lists it. */
export const HoldingReportRecordSchema = HoldingReportSchema.extend({
  id: IdSchema,
  portfolio: IdSchema,
  created_at: IsoDateTimeSchema,
});
export type HoldingReportRecord = z.infer<typeof HoldingReportRecordSchema>;

/** Benchmark returns in percent, keyed by period as the product names them. */
export const BenchmarkReturnsSchema = z.object({
  '1m': figure(),
  '3m': figure(),
  '6m': figure(),
  ytd: figure(),
  '1y': figure(),
  total: figure(),
});
export type BenchmarkReturns = z.infer<typeof BenchmarkReturnsSchema>;
