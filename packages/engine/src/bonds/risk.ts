import type { CashFlows } from './cash-flows.ts';
import { dirtyPrice, discountMoments } from './yield.ts';

export type RiskMeasures = {
  /** Present-value-weighted time of the flows, in years. */
  macaulay: number;
  /** Relative price change per unit of yield: Macaulay / (1 + y/2). */
  modified: number;
  /** Second derivative of price in yield over price, in years squared. */
  convexity: number;
};

/** Duration and convexity of the flows at a yield, in closed form (SPEC 2.6). */
export function riskMeasures(flows: CashFlows, yieldRate: number): RiskMeasures {
  const base = 1 + yieldRate / 2;
  const { price, weightedTime, curvature } = discountMoments(flows, yieldRate);
  // Times are in half-years: halve once for years, and per yield unit once more for each order.
  const macaulay = weightedTime / price / 2;
  return {
    macaulay,
    modified: macaulay / base,
    convexity: curvature / price / (4 * base * base),
  };
}

const ONE_BASIS_POINT = 0.0001;

/** Duration and convexity from bumping the yield both ways along the same flows (SPEC 2.6). */
export function effectiveRisk(
  flows: CashFlows,
  yieldRate: number,
  bump = ONE_BASIS_POINT,
): { duration: number; convexity: number } {
  const price = dirtyPrice(flows, yieldRate);
  const down = dirtyPrice(flows, yieldRate - bump);
  const up = dirtyPrice(flows, yieldRate + bump);
  return {
    duration: (down - up) / (2 * price * bump),
    convexity: (down + up - 2 * price) / (price * bump * bump),
  };
}
