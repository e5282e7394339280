import type { EpochDay } from '../dates.ts';

/** What decides whether two bonds are substantially identical (SPEC 4.5). */
export type BondIdentity = { issuer: string; maturity: EpochDay; coupon: number };

/** The wash-sale window: 30 days either side of the sale (26 U.S.C. §1091(a)), 61 in all. */
export const WASH_SALE_DAYS = 30;

/**
 * Bonds are substantially identical when they come from the same issuer with maturities within
 * a year and coupons within half a point (SPEC 4.5). IRS Publication 550 ("Wash Sales") says
 * bonds of one issuer are not substantially identical when their terms differ materially; these
 * bounds are where the engine draws that line.
 */
export function isSubstantiallyIdentical(a: BondIdentity, b: BondIdentity): boolean {
  return (
    a.issuer === b.issuer &&
    Math.abs(a.maturity - b.maturity) <= 365 &&
    Math.abs(a.coupon - b.coupon) <= 0.005
  );
}

/** Whether a purchase on `bought` falls in the window of a loss sale on `sold`. */
export function inWashSaleWindow(sold: EpochDay, bought: EpochDay): boolean {
  return Math.abs(bought - sold) <= WASH_SALE_DAYS;
}
