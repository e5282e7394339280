import { addMonths, type EpochDay } from '../dates.ts';
import { cusip } from './cusip.ts';
import { type GENERATED_BOND_COUNTS, generateBonds, LISTED_AFTER_DAYS } from './generated-bonds.ts';
import { allocateBondUniverse, type BondUniverse, type YieldCurve } from './market-data.ts';
import { streamRandom } from './random.ts';

/** Years before the market's date whose bonds have since matured (SPEC 3.11). */
export const EARLIER_YEARS = 5;

/** The stream of the earlier universes' draws, apart from the market's and its extension's. */
const EARLIER_STREAM = 3;

/** A universe with the day its bonds were listed: calls before then were not made (SPEC 3.13). */
export type ListedBonds = { bonds: BondUniverse; listedOn: Int32Array };

/**
 * The bonds outstanding before the market's date that matured by it (SPEC 3.11): for each of
 * the years before, the universe the generator would have made on that year's date, from its
 * own stream, keeping only the bonds that mature before the next year's universe lists them.
 * Each issuer of those years is given a new issuer code, so their CUSIPs are their own.
 */
export function earlierBonds(inputs: {
  seed: number;
  asOf: EpochDay;
  curveOn: (day: EpochDay) => YieldCurve;
  counts?: typeof GENERATED_BOND_COUNTS;
}): ListedBonds[] {
  const listed: ListedBonds[] = [];
  for (let year = 1; year <= EARLIER_YEARS; year++) {
    const date = addMonths(inputs.asOf, -12 * year);
    const listedUntil = addMonths(inputs.asOf, -12 * (year - 1)) + LISTED_AFTER_DAYS;
    const universe = generateBonds({
      random: streamRandom(inputs.seed, EARLIER_STREAM, year),
      asOf: date,
      curveOn: inputs.curveOn,
      counts: inputs.counts,
    });
    const kept: number[] = [];
    for (let i = 0; i < universe.count; i++) {
      if ((universe.maturity[i] as number) <= listedUntil) kept.push(i);
    }
    const bonds = pickBonds(universe, kept);
    renumberIssuers(bonds.cusip as string[], year);
    listed.push({ bonds, listedOn: new Int32Array(bonds.count).fill(date) });
  }
  return listed;
}

/**
 * Issuer codes of the form `V` + year + four base-36 digits: the generator's own codes start
 * with a digit (municipal), `C` (corporate) or `9128` (treasury), so these never meet them.
 */
function renumberIssuers(cusips: string[], year: number): void {
  const codes = new Map<string, string>();
  cusips.forEach((code, i) => {
    const issuer = code.slice(0, 6);
    let renamed = codes.get(issuer);
    if (renamed === undefined) {
      renamed = `V${year}${codes.size.toString(36).toUpperCase().padStart(4, '0')}`;
      codes.set(issuer, renamed);
    }
    cusips[i] = cusip(renamed, code.slice(6, 8));
  });
}

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
