import { cashFlows, type Redemption } from '../bonds/cash-flows.ts';
import { riskMeasures } from '../bonds/risk.ts';
import { cleanPrice } from '../bonds/yield.ts';
import { addMonths, type EpochDay } from '../dates.ts';
import type { BondClass, YieldCurve } from './market-data.ts';

/**
 * Municipal yields as a share of treasury yields at the same maturity: tax-exempt interest
 * trades below taxable interest (SPEC 3.4).
 */
export const MUNICIPAL_RATIO = 0.78;

/** The reference yield a bond's spread is added to (SPEC 3.4). */
export function referenceYield(bondClass: BondClass, curve: YieldCurve, years: number): number {
  const treasury = curve(years);
  return bondClass === 'municipal' ? treasury * MUNICIPAL_RATIO : treasury;
}

export const yearsBetween = (from: EpochDay, to: EpochDay) => (to - from) / 365.25;

type PricedToWorst = {
  price: number;
  yield: number;
  duration: number;
  convexity: number;
  worstDay: EpochDay;
  accrued: number;
};

/**
 * A bond's clean price at its yield is the lowest over maturity and its next call: a buyer
 * assumes the issuer redeems when that is worst for the holder (SPEC 3.6). With one call price
 * at par, the worst call is the first one still ahead, so only it and maturity are priced.
 */
export function priceToWorst(
  bond: {
    bondClass: BondClass;
    coupon: number;
    dated: EpochDay;
    maturity: EpochDay;
    firstCall: EpochDay;
    spread: number;
  },
  day: EpochDay,
  curve: YieldCurve,
): PricedToWorst {
  const terms = { couponRate: bond.coupon, maturity: bond.maturity, dated: bond.dated };
  const rate = Math.max(
    0.0005,
    referenceYield(bond.bondClass, curve, yearsBetween(day, bond.maturity)) + bond.spread,
  );
  const redemptions: Redemption[] = [{ day: bond.maturity, price: 100 }];
  const call = nextCallDay(bond.firstCall, day, bond.maturity);
  if (call > 0) redemptions.push({ day: call, price: 100 });
  let best: PricedToWorst | undefined;
  for (const redemption of redemptions) {
    const flows = cashFlows(terms, day, redemption);
    const price = cleanPrice(flows, rate);
    if (!best || price < best.price) {
      const risk = riskMeasures(flows, rate);
      best = {
        price,
        yield: rate,
        duration: risk.modified,
        convexity: risk.convexity,
        worstDay: redemption.day,
        accrued: flows.accrued,
      };
    }
  }
  return best as NonNullable<typeof best>;
}

/** An issuer must announce a call this many days ahead; a nearer call date has passed by. */
export const CALL_NOTICE_DAYS = 30;

/** The first call anniversary still open to the issuer after `day`, before maturity, or -1. */
export function nextCallDay(firstCall: EpochDay, day: EpochDay, maturity: EpochDay): EpochDay {
  if (firstCall < 0) return -1;
  let call = firstCall;
  for (let year = 1; call <= day + CALL_NOTICE_DAYS; year++) call = addMonths(firstCall, 12 * year);
  return call < maturity ? call : -1;
}
