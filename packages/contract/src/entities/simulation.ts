/**
 * Product §3 simulation results (general and bond), the response item that wraps them, and the
 * product §5 simulation command. Result figures are percentages unless named
 * `_usd`/`value`/`cash_flow`.
 */
import { z } from 'zod';
import { LIQUIDITY_MAX, LIQUIDITY_MIN } from '../constants.ts';
import { CreditRatingSchema, TimeWindowSchema } from '../enums.ts';
import { IsoDateSchema, requiredOr } from '../fields.ts';
import { EXACTLY_ONE_TIME_WINDOW, INVALID_VALUE, TIME_WINDOW_NOT_TODAY } from '../messages.ts';
import { StrategyInputSchema } from './strategy.ts';

/** One line of a chart: values[i] belongs to dates[i]. */
export const DataSeriesSchema = z.object({
  name: z.string(),
  dates: z.array(IsoDateSchema),
  values: z.array(z.number()),
});
export type DataSeries = z.infer<typeof DataSeriesSchema>;

// Category name -> share of the portfolio in percent.
const shareTable = () => z.record(z.string(), z.number());

export const SimulationResultSchema = z.object({
  timeframe: z.string(),
  balance: z.object({
    data: z.array(DataSeriesSchema),
    balance: z.number(),
    total_gain_loss: z.number(),
    total_gain_loss_perc: z.number(),
  }),
  relative_performance: z.object({
    data: z.array(DataSeriesSchema),
    cumulative_relative_performance: z.number(),
  }),
  tax_loss_harvesting: z.object({
    // Months as YYYY-MM.
    monthly: z.array(z.object({ month: z.string(), losses: z.number() })),
    yearly: z.array(z.object({ year: z.int(), losses: z.number(), tax_savings: z.number() })),
  }),
  // A token simulation that stakes: the rewards received each year, valued when received, and
  // the tax on them as ordinary income (federal and state). Absent when nothing is staked.
  staking_income: z
    .array(z.object({ year: z.int(), income_usd: z.number(), tax_usd: z.number() }))
    .optional(),
  performance_stats: z.object({
    total_return: z.number(),
    excess_return: z.number(),
    annualized_return: z.number(),
    turnover: z.number(),
    volatility: z.number(),
    sharp_ratio: z.number(),
  }),
  // Instrument -> weight in percent.
  holdings: shareTable(),
  attributes: z.object({
    consensus_mechanism: shareTable(),
    market_capitalization: shareTable(),
    sector: shareTable(),
    volume: shareTable(),
  }),
});
export type SimulationResult = z.infer<typeof SimulationResultSchema>;

export const AssetClassCompositionSchema = z.object({
  munis_national: z.number(),
  munis_in_state: z.number(),
  corporates: z.number(),
  treasuries: z.number(),
});
export type AssetClassComposition = z.infer<typeof AssetClassCompositionSchema>;

export const BondSimulationAttributesSchema = z.object({
  portfolio_yield: z.number(),
  tax_equivalent_yield: z.number(),
  after_tax_cash_flow: z.number(),
  // A notch of the credit universe, such as "AA-".
  avg_rating: z.string(),
  duration: z.number(),
  tax_loss_harvested_value: z.number(),
  liquidity: z.number().min(LIQUIDITY_MIN).max(LIQUIDITY_MAX),
  asset_class_composition: AssetClassCompositionSchema,
});
export type BondSimulationAttributes = z.infer<typeof BondSimulationAttributesSchema>;

export const InvestableUniverseEntrySchema = z.object({
  duration: z.number(),
  instrument_yield: z.number(),
  liquidity: z.number(),
  // Whether the strategy's asset choice includes this class.
  sel: z.boolean(),
  fed_tax_exempt: z.boolean(),
  state_tax_exempt_rate: z.number(),
  tax_equivalent_yield: z.number(),
});
export type InvestableUniverseEntry = z.infer<typeof InvestableUniverseEntrySchema>;

/**
 * One position's share of each headline figure of a bond result (engine SPEC 8.8): the figures
 * of all positions add up to the result's own, `weight` to 100.
 */
export const PositionContributionSchema = z.object({
  cusip: z.string(),
  // The bond's terms as the market holds them, for a holdings table. Optional because results
  // stored before the engine reported them (engine rules 2) lack them and must still parse: a
  // stored row is read back by its hash, and the rules version only keeps it from being reused.
  issuer: z.string().optional(),
  // Annual coupon rate in percent (5 for 5 %).
  coupon: z.number().optional(),
  maturity: IsoDateSchema.optional(),
  // The bond's own notch, such as "AA-".
  rating: CreditRatingSchema.optional(),
  // The next call date still open to the issuer, null when it can no longer call.
  next_call: IsoDateSchema.nullable().optional(),
  // One of the classes of asset_class_composition, in-state judged by the client's residency.
  asset_class: AssetClassCompositionSchema.keyof().optional(),
  // The bond's own figures, of which the parts below are its weight's share: a rounded part over
  // a rounded weight can miss them by a basis point for a 1 % position, more for a smaller one.
  // Optional for the same reason as the terms: results stored before the engine reported them
  // lack them. Yield to worst and tax-equivalent yield in percent; modified duration in years.
  yield_to_worst: z.number().optional(),
  bond_tax_equivalent_yield: z.number().optional(),
  bond_duration: z.number().optional(),
  // Clean price per 100 of face.
  price: z.number().optional(),
  // Percent of the bonds' market value.
  weight: z.number(),
  // Percentage points of attributes.portfolio_yield and attributes.tax_equivalent_yield.
  portfolio_yield: z.number(),
  tax_equivalent_yield: z.number(),
  // Dollars of attributes.after_tax_cash_flow.
  after_tax_cash_flow: z.number(),
  // Years of attributes.duration.
  duration: z.number(),
  // Percentage points of rate_change_sensitivity's value_change, shift by shift.
  rate_change_sensitivity: z.array(
    z.object({ rate_change_bps: z.int(), value_change: z.number() }),
  ),
});
export type PositionContribution = z.infer<typeof PositionContributionSchema>;

export const BondSimulationResultSchema = z.object({
  timeframe: z.string(),
  attributes: BondSimulationAttributesSchema,
  // Keyed by the asset classes of asset_class_composition.
  investable_universe: z.object({
    munis_national: InvestableUniverseEntrySchema,
    munis_in_state: InvestableUniverseEntrySchema,
    corporates: InvestableUniverseEntrySchema,
    treasuries: InvestableUniverseEntrySchema,
  }),
  ratings_exposure: z.object({ AAA: z.number(), AA: z.number(), A: z.number(), BBB: z.number() }),
  sector_exposure: shareTable(),
  duration_exposure: z.object({
    three_or_less: z.number(),
    three_to_seven: z.number(),
    seven_to_ten: z.number(),
    ten_or_more: z.number(),
  }),
  // Portfolio value change in percent for a parallel shift of the curve, in basis points.
  rate_change_sensitivity: z.array(
    z.object({ rate_change_bps: z.int(), value_change: z.number() }),
  ),
  tax_cash_flows: z.object({
    years: z.array(z.int()),
    cash_flows: z.array(z.number()),
    taxes: z.array(z.number()),
  }),
  tax_loss_value: z.number(),
  tax_rates: z.object({ aggregate: z.number(), federal: z.number(), state: z.number() }),
  // Per position, by CUSIP, what it adds to each headline figure. Absent from results stored
  // before the engine reported it.
  contributions: z.array(PositionContributionSchema).optional(),
  // The same portfolio held over the window: the general result, whose own `attributes`
  // describe tokens and so cannot share this object's (decision 012).
  backtest: SimulationResultSchema.optional(),
});
export type BondSimulationResult = z.infer<typeof BondSimulationResultSchema>;

/** One row of GET /simulation-results; the result is null while the engine is still working. */
export const SimulationResponseItemSchema = z.object({
  time_window: TimeWindowSchema.nullable(),
  simulation_hash: z.string(),
  simulation_result: z.union([BondSimulationResultSchema, SimulationResultSchema]).nullable(),
});
export type SimulationResponseItem = z.infer<typeof SimulationResponseItemSchema>;

/** Product §5: exactly one time window, and it must be 'today'. */
export const TimeWindowsSchema = z
  .array(z.enum(TimeWindowSchema.options, { error: requiredOr(TIME_WINDOW_NOT_TODAY) }), {
    error: requiredOr(INVALID_VALUE),
  })
  .length(1, { error: EXACTLY_ONE_TIME_WINDOW });

/** POST /simulate-portfolio body. */
export const SimulationCommandSchema = z.object(
  { strategy: StrategyInputSchema, time_windows: TimeWindowsSchema },
  { error: requiredOr(INVALID_VALUE) },
);
export type SimulationCommand = z.infer<typeof SimulationCommandSchema>;
