/** Product §3 portfolio list item, list response and detail. */
import { z } from 'zod';
import { PortfolioStatusSchema, StrategyStyleSchema, UserDntSchema } from '../enums.ts';
import { IdSchema, IsoDateSchema } from '../fields.ts';
import { AdvisorNameSchema } from './advisor.ts';
import { ClientDataSchema } from './client-data.ts';
import { CurrentCustodianSchema } from './custodian.ts';
import { BenchmarkReturnsSchema, HoldingReportSchema, HoldingSummarySchema } from './holding.ts';
import { StrategySchema } from './strategy.ts';

// One line for the list: the style, and a server-written text such as "Intermediate munis, AA".
export const StrategySummarySchema = z.object({
  style: StrategyStyleSchema,
  summary: z.string(),
});
export type StrategySummary = z.infer<typeof StrategySummarySchema>;

// An incomplete portfolio has no inception date, holding or strategy yet, hence the nulls;
// user_dnt is null while no do-not-trade setting has been made.
export const PortfolioListItemSchema = z.object({
  id: IdSchema,
  client_name: z.string(),
  advisors: z.array(AdvisorNameSchema).nullable(),
  originating_advisor: AdvisorNameSchema.nullable(),
  inception_date: IsoDateSchema.nullable(),
  current_holding: HoldingSummarySchema.nullable(),
  current_strategy_summary: StrategySummarySchema.nullable(),
  user_dnt: UserDntSchema.nullable(),
  status: PortfolioStatusSchema,
});
export type PortfolioListItem = z.infer<typeof PortfolioListItemSchema>;

/** GET /portfolios: the rows with firm-wide aggregates in US dollars. */
export const PortfolioListResponseSchema = z.object({
  portfolios: z.array(PortfolioListItemSchema),
  aum: z.number(),
  avg_aum: z.number(),
  number_of_portfolios: z.int().min(0),
});
export type PortfolioListResponse = z.infer<typeof PortfolioListResponseSchema>;

/** Share of NAV per asset class, in percent. */
export const AssetDistributionSchema = z.object({
  cash: z.number(),
  corporate_bonds: z.number(),
  in_state_municipal_bonds: z.number(),
  national_municipal_bonds: z.number(),
  treasury_bonds: z.number(),
});
export type AssetDistribution = z.infer<typeof AssetDistributionSchema>;

export const PortfolioDetailSchema = z.object({
  id: IdSchema,
  current_client_data: ClientDataSchema.nullable(),
  current_custodians: z.array(CurrentCustodianSchema),
  client_name: z.string(),
  inception_date: IsoDateSchema.nullable(),
  user_dnt: UserDntSchema.nullable(),
  status: PortfolioStatusSchema,
  current_strategy: StrategySchema.nullable(),
  // The detail view shows the full latest report, asset lines included.
  current_holding: HoldingReportSchema.nullable(),
  benchmark_returns: BenchmarkReturnsSchema.nullable(),
  asset_distribution: AssetDistributionSchema.nullable(),
});
export type PortfolioDetail = z.infer<typeof PortfolioDetailSchema>;

/**
 * POST /portfolios: starts an INCOMPLETE portfolio and its onboarding application. The caller is
 * the originating advisor unless another is named; `advisor_input_data` lists every advisor of
 * the portfolio (the originating one is always among them).
 */
export const CreatePortfolioBodySchema = z.object({
  advisor_input_data: z.array(IdSchema).optional(),
  originating_advisor_id: IdSchema.optional(),
});
export type CreatePortfolioBody = z.infer<typeof CreatePortfolioBodySchema>;
