/**
 * Product §3 bond strategy and its product §5 rules: asset allocation, duration, credit and
 * liquidity.
 */
import { z } from 'zod';
import {
  DURATION_RANGES,
  LIQUIDITY_MAX,
  LIQUIDITY_MIN,
  MAX_ALLOCATION_MIN_SUM,
} from '../constants.ts';
import { CREDIT_UNIVERSE, DURATION_PLACEMENTS, LIQUIDITY_CODES } from '../enums.ts';
import { choice, discriminatorError, percent, requiredBoolean, requiredOr } from '../fields.ts';
import {
  DURATION_OUT_OF_RANGE,
  INVALID_VALUE,
  LIQUIDITY_OUT_OF_RANGE,
  MAX_ALLOCATION_SUM_TOO_SMALL,
  MINIMUM_ABOVE_MAXIMUM,
  SELECT_AT_LEAST_ONE_ASSET_CLASS,
} from '../messages.ts';
import { BondTaxOptionsSchema } from './tax.ts';

const objectError = { error: requiredOr(INVALID_VALUE) };

// The product names two kinds of asset choice; a `type` tag tells them apart so a failure is
// reported against the kind the advisor chose instead of as "matches neither".
export const BondMaxAllocationAssetsSchema = z
  .object(
    {
      type: z.literal('max_allocation'),
      muni_max_pct: percent(),
      corp_max_pct: percent(),
      tsry_max_pct: percent(),
    },
    objectError,
  )
  .superRefine((assets, ctx) => {
    if (assets.muni_max_pct + assets.corp_max_pct + assets.tsry_max_pct < MAX_ALLOCATION_MIN_SUM) {
      ctx.addIssue({ code: 'custom', message: MAX_ALLOCATION_SUM_TOO_SMALL, path: [] });
    }
  });
export type BondMaxAllocationAssets = z.infer<typeof BondMaxAllocationAssetsSchema>;

export const BondSelectAssetsSchema = z
  .object(
    {
      type: z.literal('select'),
      municipals: requiredBoolean(),
      corporates: requiredBoolean(),
      treasuries: requiredBoolean(),
    },
    objectError,
  )
  .superRefine((assets, ctx) => {
    if (!assets.municipals && !assets.corporates && !assets.treasuries) {
      ctx.addIssue({ code: 'custom', message: SELECT_AT_LEAST_ONE_ASSET_CLASS, path: [] });
    }
  });
export type BondSelectAssets = z.infer<typeof BondSelectAssetsSchema>;

export const BondAssetsSchema = z.discriminatedUnion(
  'type',
  [BondMaxAllocationAssetsSchema, BondSelectAssetsSchema],
  { error: discriminatorError('type') },
);
export type BondAssets = z.infer<typeof BondAssetsSchema>;

const bandValue = () => z.number({ error: requiredOr(INVALID_VALUE) });

/**
 * A min/max pair inside the band of its placement (product §5: Short 2-3, Intermediate 3-7, Long
 * 7-15).
 */
export const DurationFactorSchema = z
  .object(
    { placement: choice(DURATION_PLACEMENTS), min: bandValue(), max: bandValue() },
    objectError,
  )
  .superRefine((duration, ctx) => {
    const band = DURATION_RANGES[duration.placement];
    for (const bound of ['min', 'max'] as const) {
      const value = duration[bound];
      if (value < band.min || value > band.max) {
        ctx.addIssue({
          code: 'custom',
          message: DURATION_OUT_OF_RANGE[duration.placement],
          path: [bound],
        });
      }
    }
    if (duration.min > duration.max) {
      ctx.addIssue({ code: 'custom', message: MINIMUM_ABOVE_MAXIMUM, path: ['min'] });
    }
  });
export type DurationFactor = z.infer<typeof DurationFactorSchema>;

export const CreditFactorSchema = z.object(
  {
    credit_universe: choice(CREDIT_UNIVERSE),
    max_aa_pct: percent(),
    max_a_pct: percent(),
    max_bbb_pct: percent(),
  },
  objectError,
);
export type CreditFactor = z.infer<typeof CreditFactorSchema>;

const liquidityValue = () =>
  z
    .number({ error: requiredOr(INVALID_VALUE) })
    .min(LIQUIDITY_MIN, { error: LIQUIDITY_OUT_OF_RANGE })
    .max(LIQUIDITY_MAX, { error: LIQUIDITY_OUT_OF_RANGE });

export const LiquidityFactorSchema = z
  .object(
    { target: choice(LIQUIDITY_CODES), min: liquidityValue(), max: liquidityValue() },
    objectError,
  )
  .superRefine((liquidity, ctx) => {
    if (liquidity.min > liquidity.max) {
      ctx.addIssue({ code: 'custom', message: MINIMUM_ABOVE_MAXIMUM, path: ['min'] });
    }
  });
export type LiquidityFactor = z.infer<typeof LiquidityFactorSchema>;

export const BondFactorsSchema = z.object(
  {
    duration: DurationFactorSchema,
    credit: CreditFactorSchema,
    liquidity: LiquidityFactorSchema,
  },
  objectError,
);
export type BondFactors = z.infer<typeof BondFactorsSchema>;

const nameList = () => z.array(z.string({ error: INVALID_VALUE }), objectError);

/** Sectors and issuers the portfolio must not hold, by name as the form options list them. */
export const BondConstraintsSchema = z.object(
  {
    excluded_municipal_sectors: nameList(),
    excluded_corporate_sectors: nameList(),
    excluded_municipal_issuers: nameList(),
    excluded_corporate_issuers: nameList(),
  },
  objectError,
);
export type BondConstraints = z.infer<typeof BondConstraintsSchema>;

export const BondStrategySchema = z.object(
  {
    assets: BondAssetsSchema,
    factors: BondFactorsSchema,
    constraints: BondConstraintsSchema,
    tax_options: BondTaxOptionsSchema,
  },
  objectError,
);
export type BondStrategy = z.infer<typeof BondStrategySchema>;
