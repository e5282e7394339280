/** Money in whole cents (SPEC 12.1). */

import type { Fraction } from './valuation-types.ts';

/** Dollars to the nearest cent, as an integer number of cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Cents as dollars, for the asset lines and the sentences of do-not-trade. */
export const toDollars = (cents: number): number => cents / 100;

/** "$12,400.00": how an amount reads in a sentence for the advisor. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${sign}$${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/**
 * Splits `total` cents over `weights` in proportion, to whole cents that add up to `total`
 * exactly: each share rounded down, the cents left over to the largest remainders, ties to the
 * earlier share (SPEC 12.1).
 */
export function splitCents(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map((value) => Math.floor(value));
  let left = total - shares.reduce((acc, share) => acc + share, 0);
  const order = exact
    .map((value, i) => ({ i, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) {
    const at = (order[k] as { i: number }).i;
    shares[at] = (shares[at] as number) + 1;
  }
  return shares;
}

function gcd(a: number, b: number): number {
  let [x, y] = [Math.abs(a), Math.abs(b)];
  while (y) [x, y] = [y, x % y];
  return x;
}

/** `numerator / denominator` in lowest terms; both must be whole numbers. */
export function fraction(numerator: number, denominator: number): Fraction {
  const divisor = gcd(numerator, denominator) || 1;
  const sign = denominator < 0 ? -1 : 1;
  return { numerator: (sign * numerator) / divisor, denominator: (sign * denominator) / divisor };
}

/**
 * A decimal as an exact fraction, read to millionths: a coupon rate of 3.625 % or a call price
 * of 101.5 is exact there, where the binary double is not (0.03625 × 100 / 2 is 1.81249…).
 */
export function decimalFraction(value: number): Fraction {
  return fraction(Math.round(value * 1_000_000), 1_000_000);
}

/**
 * `face` dollars at `perHundred` per 100 (that many cents per dollar) in whole cents, rounded
 * once, half away from zero (SPEC 12.3), in integers: the product can pass 2^53, so it is taken
 * in BigInt. A face that is not whole dollars is rounded as a double would.
 */
export function centsOfFace(face: number, perHundred: Fraction): number {
  if (!Number.isInteger(face)) {
    return Math.round((face * perHundred.numerator) / perHundred.denominator);
  }
  const product = BigInt(face) * BigInt(perHundred.numerator);
  const denominator = BigInt(perHundred.denominator);
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return Number(product < 0n ? -rounded : rounded);
}
