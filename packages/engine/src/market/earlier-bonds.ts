import { addMonths, type EpochDay } from '../dates.ts';
import { cusip } from './cusip.ts';
import { type GENERATED_BOND_COUNTS, generateBonds, LISTED_AFTER_DAYS } from './generated-bonds.ts';
import type { BondUniverse, YieldCurve } from './market-data.ts';
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
    const bonds = generateBonds({
      random: streamRandom(inputs.seed, EARLIER_STREAM, year),
      asOf: date,
      curveOn: inputs.curveOn,
      counts: inputs.counts,
      maturingBy: addMonths(inputs.asOf, -12 * (year - 1)) + LISTED_AFTER_DAYS,
    });
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
