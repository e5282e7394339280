import { type CashFlows, cashFlows, type Redemption } from '../bonds/cash-flows.ts';
import { riskMeasures } from '../bonds/risk.ts';
import { addMonths, type EpochDay } from '../dates.ts';
import type { BondClass, YieldCurve } from './market-data.ts';

/**
 * Municipal yields as a share of treasury yields at the same maturity: tax-exempt interest
 * trades below taxable interest (SPEC 3.4).
 */
export const MUNICIPAL_RATIO = 0.78;

/** A bond's yield is at least this, however low its reference and spread. */
const LOWEST_YIELD = 0.0005;

/** The reference yield a bond's spread is added to (SPEC 3.4). */
export function referenceYield(bondClass: BondClass, curve: YieldCurve, years: number): number {
  const treasury = curve(years);
  return bondClass === 'municipal' ? treasury * MUNICIPAL_RATIO : treasury;
}

export const yearsBetween = (from: EpochDay, to: EpochDay) => (to - from) / 365.25;

/** What pricing to worst needs of a bond: its coupon and the redemptions open to its issuer. */
export type CallableTerms = {
  coupon: number;
  dated: EpochDay;
  maturity: EpochDay;
  /** The first call day, callable every year after it; -1 if none. */
  firstCall: EpochDay;
  /** One price for every call; par when not given. */
  callPrice?: number;
};

/**
 * A bond's yield on a day's curve: its class's reference yield at its remaining maturity plus
 * its spread (SPEC 3.4). The spread is defined against maturity even for a bond priced to a
 * call, so the point of the curve it is read at never depends on which redemption is worst.
 */
export function bondYield(
  bond: { bondClass: BondClass; spread: number },
  curve: YieldCurve,
  yearsToMaturity: number,
): number {
  return Math.max(
    LOWEST_YIELD,
    referenceYield(bond.bondClass, curve, yearsToMaturity) + bond.spread,
  );
}

/**
 * The calls that can be worst on `day` (SPEC 3.6): of the yearly calls still open, the first
 * and the last. The price to the next call less the price to one call is the discount factor
 * to that call times an amount that is the same for every call (a year's coupons and the call
 * price, discounted a year, less the call price), so the price runs one way across the calls
 * and the lowest is at an end: the calls in between never need pricing. At par on coupon dates
 * maturity continues that run, so there the last call is never the lowest and is left out.
 */
export function candidateCalls(bond: CallableTerms, day: EpochDay): Redemption[] {
  const first = nextCallDay(bond.firstCall, day, bond.maturity);
  if (first < 0) return [];
  const price = bond.callPrice ?? 100;
  const calls = [{ day: first, price }];
  const last = lastCallDay(bond.firstCall, bond.maturity);
  if (last > first && !(price === 100 && isCouponDate(last, bond.maturity))) {
    calls.push({ day: last, price });
  }
  return calls;
}

/** The last call anniversary before maturity. */
function lastCallDay(firstCall: EpochDay, maturity: EpochDay): EpochDay {
  let years = Math.max(0, Math.floor((maturity - firstCall) / 365.25));
  while (years > 0 && addMonths(firstCall, 12 * years) >= maturity) years -= 1;
  while (addMonths(firstCall, 12 * (years + 1)) < maturity) years += 1;
  return addMonths(firstCall, 12 * years);
}

/** Whether a day is one of the bond's coupon dates, whole half-years before maturity. */
function isCouponDate(day: EpochDay, maturity: EpochDay): boolean {
  return addMonths(maturity, -6 * Math.round((maturity - day) / 182.625)) === day;
}

/** The flows to each redemption that can be worst: maturity first, then the candidate calls. */
export type WorstCandidates = readonly { redemption: Redemption; flows: CashFlows }[];

export function worstCandidates(bond: CallableTerms, day: EpochDay): WorstCandidates {
  const terms = { couponRate: bond.coupon, maturity: bond.maturity, dated: bond.dated };
  return [{ day: bond.maturity, price: 100 }, ...candidateCalls(bond, day)].map((redemption) => ({
    redemption,
    flows: cashFlows(terms, day, redemption),
  }));
}

/**
 * The price to worst at a yield (SPEC 3.6): the lowest dirty price over the candidates, as the
 * issuer redeems when that is worst for the holder, and which candidate gives it. As the yield
 * moves the worst redemption moves with it: a premium bond priced to its call is priced to
 * maturity once its yield passes its coupon (negative convexity).
 */
export function worstAt(
  candidates: WorstCandidates,
  rate: number,
): { dirty: number; worst: number } {
  let dirty = Number.POSITIVE_INFINITY;
  let worst = 0;
  candidates.forEach((candidate, i) => {
    const price = discounted(candidate.flows, rate);
    if (price < dirty) {
      dirty = price;
      worst = i;
    }
  });
  return { dirty, worst };
}

/**
 * The flows' dirty price at the yield (SPEC 2.3), as `dirtyPrice` gives it, with the discount
 * factor carried from one coupon to the next a period later: a backtest prices every position
 * to worst each day, and one power per flow would be most of its time.
 */
function discounted(flows: CashFlows, rate: number): number {
  const base = 1 + rate / 2;
  const perPeriod = 1 / base;
  let price = 0;
  let factor = 1;
  let time = 0;
  for (let i = 0; i < flows.times.length; i++) {
    const next = flows.times[i] as number;
    // A whole period on (up to rounding in the times' sums) is one more factor of 1 / base.
    factor = Math.abs(next - time - 1) < 1e-9 ? factor * perPeriod : base ** -next;
    time = next;
    price += (flows.amounts[i] as number) * factor;
  }
  return price;
}

type PricedToWorst = {
  price: number;
  yield: number;
  duration: number;
  convexity: number;
  worstDay: EpochDay;
  accrued: number;
};

/**
 * A bond's clean price on a day at its yield there (SPEC 3.4, 3.6), with the duration and
 * convexity of its worst redemption's flows. All candidates settle the same day and share the
 * accrued interest, so the lowest dirty price is the lowest clean price.
 */
export function priceToWorst(
  bond: CallableTerms & { bondClass: BondClass; spread: number },
  day: EpochDay,
  curve: YieldCurve,
): PricedToWorst {
  const rate = bondYield(bond, curve, yearsBetween(day, bond.maturity));
  const candidates = worstCandidates(bond, day);
  const { dirty, worst } = worstAt(candidates, rate);
  const { redemption, flows } = candidates[worst] as WorstCandidates[number];
  const risk = riskMeasures(flows, rate);
  return {
    price: dirty - flows.accrued,
    yield: rate,
    duration: risk.modified,
    convexity: risk.convexity,
    worstDay: redemption.day,
    accrued: flows.accrued,
  };
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
