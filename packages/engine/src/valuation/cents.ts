/** Money in whole cents (SPEC 12.1). */

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
