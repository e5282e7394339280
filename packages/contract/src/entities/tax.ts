/** Product §3 tax data and tax options, with the product §5 tax rules. */
import { z } from 'zod';
import { MINIMUM_INITIAL_INVESTMENT, TAX_EXEMPT_RESIDENCY } from '../constants.ts';
import { TAX_ACCOUNTING_METHODS, TAX_RATES } from '../enums.ts';
import { choice, requiredBoolean, requiredOr } from '../fields.ts';
import {
  INITIAL_INVESTMENT_TOO_SMALL,
  INVALID_TAX_RATE,
  INVALID_VALUE,
  SELECT_VALID_OPTION,
  TAX_EXEMPT_FLAG_SET,
  TAX_EXEMPT_RATE_NOT_ZERO,
  TAX_EXEMPT_RESIDENCY_REQUIRED,
} from '../messages.ts';
import { US_STATE_ABBREVIATIONS } from '../us-states.ts';

/**
 * Where the client pays state tax: a product §3 state abbreviation, or "Nowhere" when no state
 * taxes it.
 */
export const TAX_RESIDENCIES = [...US_STATE_ABBREVIATIONS, TAX_EXEMPT_RESIDENCY] as const;
export const TaxResidencySchema = choice(TAX_RESIDENCIES, SELECT_VALID_OPTION);
export type TaxResidency = z.infer<typeof TaxResidencySchema>;

export const TaxDataSchema = z.object(
  {
    initial_investment_amount: z
      .number({ error: requiredOr(INVALID_VALUE) })
      .min(MINIMUM_INITIAL_INVESTMENT, { error: INITIAL_INVESTMENT_TOO_SMALL }),
    tax_rate: z.literal(TAX_RATES, { error: requiredOr(INVALID_TAX_RATE) }),
    tax_residency: TaxResidencySchema,
    alternative_minimum_tax: requiredBoolean(),
    net_investment_income_tax: requiredBoolean(),
  },
  { error: requiredOr(INVALID_VALUE) },
);
export type TaxData = z.infer<typeof TaxDataSchema>;

/** Product §5 tax-exempt variant: no rate, no residency, neither surtax. */
export const TaxExemptTaxDataSchema = TaxDataSchema.extend({
  tax_rate: z.literal(0, { error: requiredOr(TAX_EXEMPT_RATE_NOT_ZERO) }),
  tax_residency: z.literal(TAX_EXEMPT_RESIDENCY, {
    error: requiredOr(TAX_EXEMPT_RESIDENCY_REQUIRED),
  }),
  alternative_minimum_tax: z.literal(false, { error: requiredOr(TAX_EXEMPT_FLAG_SET) }),
  net_investment_income_tax: z.literal(false, { error: requiredOr(TAX_EXEMPT_FLAG_SET) }),
});
export type TaxExemptTaxData = z.infer<typeof TaxExemptTaxDataSchema>;

/** Tax options every strategy carries; bond strategies omit staking, which only tokens earn. */
export const TaxOptionsSchema = z.object(
  {
    tax_loss_harvest: requiredBoolean(),
    tax_accounting_method: choice(TAX_ACCOUNTING_METHODS),
    // US dollars of realised gains the strategy may incur; null leaves the budget open.
    total_tax_budget: z
      .number({ error: requiredOr(INVALID_VALUE) })
      .min(0, { error: INVALID_VALUE })
      .nullable(),
    staking: requiredBoolean(),
  },
  { error: requiredOr(INVALID_VALUE) },
);
export type TaxOptions = z.infer<typeof TaxOptionsSchema>;

export const BondTaxOptionsSchema = TaxOptionsSchema.omit({ staking: true });
export type BondTaxOptions = z.infer<typeof BondTaxOptionsSchema>;
