import { cashFlows, type Redemption } from '../bonds/cash-flows.ts';
import { riskMeasures } from '../bonds/risk.ts';
import { cleanPrice, dirtyPrice } from '../bonds/yield.ts';
import { addMonths, type EpochDay } from '../dates.ts';
import { BOND_CLASSES, type BondClass, type BondUniverse, type YieldCurve } from './market-data.ts';
import {
  bondYield,
  CALL_NOTICE_DAYS,
  type CallableTerms,
  priceToWorst,
  yearsBetween,
} from './price-to-worst.ts';

/** What pricing and redeeming one bond of a universe needs. */
export type BondPricingTerms = CallableTerms & {
  bondClass: BondClass;
  spread: number;
  callPrice: number;
};

export function pricingTermsOf(bonds: BondUniverse, index: number): BondPricingTerms {
  return {
    bondClass: BOND_CLASSES[bonds.bondClass[index] as number] as BondClass,
    spread: bonds.spread[index] as number,
    coupon: bonds.coupon[index] as number,
    dated: bonds.dated[index] as number,
    maturity: bonds.maturity[index] as number,
    firstCall: bonds.firstCall[index] as number,
    callPrice: bonds.callPrice[index] as number,
  };
}

/** How a bond leaves the market: at maturity at par, or on a call day at the call price. */
export type BondRedemption = Redemption & { kind: 'MATURITY' | 'CALL' };

/**
 * When the bond is redeemed, as far as the curve up to `lastDay` tells (SPEC 3.13): on each call
 * day whose notice day (30 days before, SPEC 3.5) falls after the bond was listed and by
 * `lastDay`, the issuer calls when the bond's clean price to maturity at that notice day's yield
 * (SPEC 3.4) is above the call price: refinancing then costs less than the bond, and the call is
 * the worse outcome for the holder. A call day still unannounced on `lastDay` is not known, so
 * the bond runs to maturity until a longer history announces it.
 */
export function redemptionOf(
  bond: BondPricingTerms,
  listedOn: EpochDay,
  lastDay: EpochDay,
  curveOn: (day: EpochDay) => YieldCurve,
): BondRedemption {
  if (bond.firstCall >= 0) {
    const terms = { couponRate: bond.coupon, maturity: bond.maturity, dated: bond.dated };
    for (let year = 0; ; year++) {
      const call = addMonths(bond.firstCall, 12 * year);
      const notice = call - CALL_NOTICE_DAYS;
      if (call >= bond.maturity || notice > lastDay) break;
      if (notice <= listedOn || notice < bond.dated) continue;
      const rate = bondYield(bond, curveOn(notice), yearsBetween(notice, bond.maturity));
      if (cleanPrice(cashFlows(terms, notice), rate) > bond.callPrice) {
        return { kind: 'CALL', day: call, price: bond.callPrice };
      }
    }
  }
  return { kind: 'MATURITY', day: bond.maturity, price: 100 };
}

/** A day's mark of a bond, with what building a portfolio on the day also reads (SPEC 3.12). */
export type PricedMark = {
  price: number;
  accrued: number;
  ytw: number;
  duration: number;
  convexity: number;
  worstDay: EpochDay;
};

/**
 * The bond's mark on `day` (SPEC 3.12): undefined before its dated date and from its redemption
 * on; priced to worst off the day's curve and its spread (SPEC 3.4, 3.6), or, once a call is
 * announced, to that call, which is then certain.
 */
export function markOf(
  bond: BondPricingTerms,
  redemption: BondRedemption,
  day: EpochDay,
  curve: YieldCurve,
): PricedMark | undefined {
  // A bond without a spread (a firm's matured bond, SPEC 3.9) has no price on any day.
  if (day < bond.dated || day >= redemption.day || Number.isNaN(bond.spread)) return undefined;
  if (redemption.kind === 'CALL' && day >= redemption.day - CALL_NOTICE_DAYS) {
    const rate = bondYield(bond, curve, yearsBetween(day, bond.maturity));
    const terms = { couponRate: bond.coupon, maturity: bond.maturity, dated: bond.dated };
    const flows = cashFlows(terms, day, redemption);
    const risk = riskMeasures(flows, rate);
    return {
      price: dirtyPrice(flows, rate) - flows.accrued,
      accrued: flows.accrued,
      ytw: rate,
      duration: risk.modified,
      convexity: risk.convexity,
      worstDay: redemption.day,
    };
  }
  const priced = priceToWorst(bond, day, curve);
  return {
    price: priced.price,
    accrued: priced.accrued,
    ytw: priced.yield,
    duration: priced.duration,
    convexity: priced.convexity,
    worstDay: priced.worstDay,
  };
}
