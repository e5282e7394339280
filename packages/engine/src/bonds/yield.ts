import type { EpochDay } from '../dates.ts';
import { type BondTerms, type CashFlows, cashFlows, type Redemption } from './cash-flows.ts';

/** The dirty price of the flows at an annual yield compounded semiannually (SPEC 2.3). */
export function dirtyPrice(flows: CashFlows, yieldRate: number): number {
  const base = 1 + yieldRate / 2;
  let price = 0;
  for (let i = 0; i < flows.times.length; i++) {
    price += (flows.amounts[i] as number) * base ** -(flows.times[i] as number);
  }
  return price;
}

/**
 * The flows' present value at a yield, and its sums weighted by time and by time × (time + 1)
 * (times in periods): price, duration and convexity come from these three.
 */
export function discountMoments(
  flows: CashFlows,
  yieldRate: number,
): { price: number; weightedTime: number; curvature: number } {
  const base = 1 + yieldRate / 2;
  let price = 0;
  let weightedTime = 0;
  let curvature = 0;
  for (let i = 0; i < flows.times.length; i++) {
    const time = flows.times[i] as number;
    const value = (flows.amounts[i] as number) * base ** -time;
    price += value;
    weightedTime += time * value;
    curvature += time * (time + 1) * value;
  }
  return { price, weightedTime, curvature };
}

export function cleanPrice(flows: CashFlows, yieldRate: number): number {
  return dirtyPrice(flows, yieldRate) - flows.accrued;
}

const LOWEST_YIELD = -0.5;
const HIGHEST_YIELD = 1;
const MOST_YIELD = 100;
const PRICE_TOLERANCE = 1e-10;

/**
 * The yield at which the flows are worth `clean` (SPEC 2.4): Newton's method from the coupon
 * rate converges in a few steps for any sensible price; bisection catches the rest.
 */
export function yieldFromCleanPrice(flows: CashFlows, clean: number, guess = 0.05): number {
  const target = clean + flows.accrued;
  let rate = guess;
  for (let step = 0; step < 30; step++) {
    const { price, weightedTime } = discountMoments(flows, rate);
    const slope = -weightedTime / (2 + rate);
    const error = price - target;
    if (Math.abs(error) < PRICE_TOLERANCE) return rate;
    const nextRate = rate - error / slope;
    if (!Number.isFinite(nextRate) || nextRate <= LOWEST_YIELD || nextRate >= HIGHEST_YIELD) break;
    rate = nextRate;
  }
  return bisect(flows, target);
}

function bisect(flows: CashFlows, target: number): number {
  let low = LOWEST_YIELD;
  let high = HIGHEST_YIELD;
  // Price falls as yield rises. A deep discount redeemed within weeks yields more than 100 %
  // a year; such a yield is real (it is never the worst), so the bracket widens to find it.
  while (dirtyPrice(flows, high) > target && high < MOST_YIELD) high *= 2;
  if (dirtyPrice(flows, low) < target || dirtyPrice(flows, high) > target) {
    throw new Error('No yield between -50 % and 10,000 % gives this price.');
  }
  for (let step = 0; step < 200; step++) {
    const middle = (low + high) / 2;
    const error = dirtyPrice(flows, middle) - target;
    if (Math.abs(error) < PRICE_TOLERANCE) return middle;
    if (error > 0) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

export type YieldToRedemption = { yield: number; redemption: Redemption; flows: CashFlows };

/**
 * The lowest of the yield to maturity and the yields to every call still ahead (SPEC 2.5),
 * with the redemption that gives it and its flows, which the risk measures follow.
 */
export function yieldToWorst(
  bond: BondTerms,
  settlement: EpochDay,
  clean: number,
): YieldToRedemption {
  const redemptions: Redemption[] = [{ day: bond.maturity, price: 100 }];
  for (const call of bond.calls ?? []) {
    if (call.day > settlement && call.day < bond.maturity) redemptions.push(call);
  }
  let worst: YieldToRedemption | undefined;
  for (const redemption of redemptions) {
    const flows = cashFlows(bond, settlement, redemption);
    const rate = yieldFromCleanPrice(flows, clean, worst?.yield ?? bond.couponRate);
    if (!worst || rate < worst.yield) worst = { yield: rate, redemption, flows };
  }
  return worst as YieldToRedemption;
}
