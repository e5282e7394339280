import type { CashFlows } from '../bonds/cash-flows.ts';
import { yieldFromCleanPrice } from '../bonds/yield.ts';

/**
 * The de minimis threshold (26 U.S.C. §1278(a)(2)(C)): a market discount smaller than a quarter
 * of a point per full year to maturity is treated as zero, so the gain at redemption is a
 * capital gain; a larger discount is ordinary income as it accretes, even on a municipal bond.
 */
export function isDeMinimis(price: number, fullYearsToMaturity: number): boolean {
  return 100 - price < 0.25 * Math.max(0, Math.floor(fullYearsToMaturity));
}

/**
 * The yield a discount bond leaves after tax (SPEC 6.5): the interest keeps its kept share (the
 * accrued interest a buyer pays comes back untaxed with the first coupon), and the discount is
 * taxed at redemption at `discountRate`. `guess` starts the search: the pre-tax yield times the
 * kept share is within a fraction of a point of the answer, which saves most of the steps.
 */
export function discountAfterTaxYield(
  flows: CashFlows,
  price: number,
  redemptionPrice: number,
  taxes: { keptShare: number; discountRate: number },
  guess?: number,
): number {
  const last = flows.amounts.length - 1;
  const discountTax = Math.max(0, redemptionPrice - price) * taxes.discountRate;
  const amounts = Float64Array.from(flows.amounts, (amount, i) => {
    const interest = i === last ? amount - redemptionPrice : amount;
    const bought = i === 0 ? Math.min(flows.accrued, interest) : 0;
    const kept = (interest - bought) * taxes.keptShare + bought;
    return kept + (i === last ? redemptionPrice - discountTax : 0);
  });
  return yieldFromCleanPrice({ ...flows, amounts }, price, guess);
}
