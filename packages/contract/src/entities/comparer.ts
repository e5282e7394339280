/**
 * Product §3 comparer: a bond asset choice simulated across every duration placement and liquidity.
 */
import { z } from 'zod';
import {
  BOND_STRATEGY_STYLE,
  DurationPlacementSchema,
  LiquidityCodeSchema,
  TimeWindowSchema,
} from '../enums.ts';
import { requiredOr } from '../fields.ts';
import { INVALID_VALUE, SELECT_VALID_OPTION } from '../messages.ts';
import { BondAssetsSchema } from './bond-strategy.ts';
import { BondSimulationAttributesSchema, TimeWindowsSchema } from './simulation.ts';
import { TaxDataSchema } from './tax.ts';

const objectError = { error: requiredOr(INVALID_VALUE) };

// Shaped like a bond strategy envelope cut down to what the comparer varies around, so a
// build-screen strategy can be sent as it is.
export const ComparerStrategySchema = z.object(
  {
    style: z.literal(BOND_STRATEGY_STYLE, { error: requiredOr(SELECT_VALID_OPTION) }),
    strategy: z.object({ assets: BondAssetsSchema }, objectError),
    tax_data: TaxDataSchema,
  },
  objectError,
);
export type ComparerStrategy = z.infer<typeof ComparerStrategySchema>;

/** POST /run-comparer body. */
export const ComparerInputSchema = z.object(
  { strategy: ComparerStrategySchema, time_windows: TimeWindowsSchema },
  objectError,
);
export type ComparerInput = z.infer<typeof ComparerInputSchema>;

/** One cell of the placement x liquidity grid. */
export const ComparerSummaryCellSchema = z.object({
  duration_placement: DurationPlacementSchema,
  liquidity: LiquidityCodeSchema,
  attributes: BondSimulationAttributesSchema,
});
export type ComparerSummaryCell = z.infer<typeof ComparerSummaryCellSchema>;

/** The grid as a list, nine cells when complete (3 placements x 3 liquidity codes). */
export const ComparerSummarySchema = z.array(ComparerSummaryCellSchema);
export type ComparerSummary = z.infer<typeof ComparerSummarySchema>;

/** One row of GET /comparer-results; the summary is null while the engine is still working. */
export const ComparerResponseItemSchema = z.object({
  time_window: TimeWindowSchema.nullable(),
  simulation_hash: z.string(),
  comparer_summary: ComparerSummarySchema.nullable(),
});
export type ComparerResponseItem = z.infer<typeof ComparerResponseItemSchema>;
