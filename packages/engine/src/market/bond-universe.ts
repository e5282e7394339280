import type { PricedMark } from './bond-redemption.ts';
import { allocateBondUniverse, type BondUniverse } from './market-data.ts';

/** Every numeric column, copied alike when bonds are picked out or joined. */
const NUMERIC_COLUMNS = [
  'bondClass',
  'coupon',
  'dated',
  'maturity',
  'firstCall',
  'callPrice',
  'rating',
  'liquidity',
  'amt',
  'spread',
  'price',
  'ytw',
  'duration',
  'convexity',
  'worstDay',
  'accrued',
] as const;

/** The bonds `indices` of a universe, in that order, as a universe of their own. */
export function pickBonds(universe: BondUniverse, indices: readonly number[]): BondUniverse {
  const picked = allocateBondUniverse({
    cusip: indices.map((i) => universe.cusip[i] as string),
    issuer: indices.map((i) => universe.issuer[i] as string),
    sector: indices.map((i) => universe.sector[i] as string),
    state: indices.map((i) => universe.state[i] as string),
  });
  for (const column of NUMERIC_COLUMNS) {
    const from = universe[column];
    const to = picked[column];
    indices.forEach((index, i) => {
      to[i] = from[index] as number;
    });
  }
  return picked;
}

/** One universe of the bonds of several, in order. */
export function joinBonds(universes: readonly BondUniverse[]): BondUniverse {
  const joined = allocateBondUniverse({
    cusip: universes.flatMap((universe) => universe.cusip),
    issuer: universes.flatMap((universe) => universe.issuer),
    sector: universes.flatMap((universe) => universe.sector),
    state: universes.flatMap((universe) => universe.state),
  });
  for (const column of NUMERIC_COLUMNS) {
    let offset = 0;
    for (const universe of universes) {
      joined[column].set(universe[column], offset);
      offset += universe.count;
    }
  }
  return joined;
}

/** A bond's price columns from its mark; NaN (and no worst day) when it is not outstanding. */
export function setPriceColumns(
  bonds: BondUniverse,
  index: number,
  mark: PricedMark | undefined,
): void {
  bonds.price[index] = mark?.price ?? Number.NaN;
  bonds.ytw[index] = mark?.ytw ?? Number.NaN;
  bonds.duration[index] = mark?.duration ?? Number.NaN;
  bonds.convexity[index] = mark?.convexity ?? Number.NaN;
  bonds.worstDay[index] = mark?.worstDay ?? -1;
  bonds.accrued[index] = mark?.accrued ?? Number.NaN;
}
