import { US_STATES } from '@ballast/contract';
import { addMonths, type EpochDay } from '../dates.ts';
import { cusip } from './cusip.ts';
import {
  CORPORATE_NAMES,
  CORPORATE_NOUNS,
  CORPORATE_SUFFIXES,
  MUNICIPAL_ISSUERS,
  PLACES,
} from './issuer-names.ts';
import {
  allocateBondUniverse,
  BOND_CLASSES,
  type BondClass,
  type BondUniverse,
  type YieldCurve,
} from './market-data.ts';
import { priceToWorst, referenceYield, yearsBetween } from './price-to-worst.ts';
import type { Random } from './random.ts';
import { CORPORATE_SECTORS, MUNICIPAL_SECTORS, TREASURY_SECTOR } from './sectors.ts';

/** How many bonds of each class the generated market holds (SPEC 3.3). */
export const GENERATED_BOND_COUNTS = { municipal: 35_000, corporate: 12_000, treasury: 3_000 };

/** Spread over the reference yield per rating notch, AAA first, decimal (SPEC 3.4). */
export const RATING_SPREADS: Record<BondClass, readonly number[]> = {
  municipal: [0, 0.0008, 0.0012, 0.0018, 0.0028, 0.0035, 0.0045, 0.0065, 0.008, 0.0105],
  corporate: [0.0045, 0.0055, 0.0062, 0.007, 0.0085, 0.0095, 0.011, 0.0135, 0.0155, 0.019],
  treasury: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
};

/** The share of each rating notch, AAA first. */
const RATING_WEIGHTS: Record<Exclude<BondClass, 'treasury'>, readonly number[]> = {
  municipal: [15, 15, 20, 15, 10, 10, 5, 4, 3, 3],
  corporate: [2, 2, 4, 6, 10, 14, 14, 18, 16, 14],
};

/** Yield given up for easy trading: the least liquid bond pays this much more. */
const LIQUIDITY_PREMIUM = 0.003;

/** Relative size of each state's municipal market; the rest weigh 1.5, territories 0.3. */
const STATE_WEIGHTS: Record<string, number> = {
  CA: 12,
  NY: 10,
  TX: 9,
  FL: 6,
  IL: 5,
  PA: 5,
  NJ: 4,
  MA: 4,
  OH: 4,
  WA: 3,
  MI: 3,
  GA: 3,
  NC: 3,
  VA: 3,
  MN: 2.5,
  CO: 2.5,
  MD: 2.5,
  WI: 2,
  AZ: 2,
  TN: 2,
  IN: 2,
  MO: 2,
  CT: 2,
};
const TERRITORIES = new Set(['AS', 'DC', 'FM', 'GU', 'MH', 'MP', 'PR', 'PW', 'VI']);

/** Private-activity bonds, whose interest the AMT taxes, come from these sectors. */
const PRIVATE_ACTIVITY_SECTORS = new Set(['Housing', 'Transportation', 'Development']);

/** The market lists a bond only while it matures more than this many days after its date. */
export const LISTED_AFTER_DAYS = 30;

const TREASURY_ISSUER_CODES = ['912810', '912828', '91282C', '91282D'];

type Issue = {
  bondClass: BondClass;
  issuer: string;
  issuerCode: string;
  sector: string;
  state: string;
  rating: number;
  liquidity: number;
  amt: boolean;
  dated: EpochDay;
  maturity: EpochDay;
  coupon: number;
  firstCall: EpochDay;
  spread: number;
};

export type BondMarketInputs = {
  random: Random;
  asOf: EpochDay;
  /** The treasury curve on a day; days before its history get its first curve. */
  curveOn: (day: EpochDay) => YieldCurve;
  counts?: typeof GENERATED_BOND_COUNTS;
  /**
   * Only the bonds maturing by this day are listed and priced, after every draw, so the same
   * seed draws the same bonds (an earlier year's universe, SPEC 3.11).
   */
  maturingBy?: EpochDay;
};

const roundToEighth = (rate: number) => Math.max(0.00125, Math.round(rate * 800) / 800);

function weightedIndex(random: Random, weights: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let draw = random.next() * total;
  for (let i = 0; i < weights.length; i++) {
    draw -= weights[i] as number;
    if (draw < 0) return i;
  }
  return weights.length - 1;
}

/** `total` split in proportion to `weights`, whole numbers that add up to it exactly. */
function shares(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const whole = exact.map(Math.floor);
  let left = total - whole.reduce((acc, count) => acc + count, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of byRemainder) {
    if (left-- <= 0) break;
    whole[index] = (whole[index] as number) + 1;
  }
  return whole;
}

/**
 * A market of bonds from a seed (SPEC 3.3): municipal deals of serial maturities in every state
 * and territory, corporate issuers with bonds along their curve, and treasuries. Coupons are set
 * by the curve on the issue date, so older bonds trade at premiums or discounts today.
 */
export function generateBonds(inputs: BondMarketInputs): BondUniverse {
  const { random, asOf } = inputs;
  const counts = inputs.counts ?? GENERATED_BOND_COUNTS;
  const issues: Issue[] = [];
  let issuerCount = 0;
  const nextIssuerCode = (prefix: string) => {
    issuerCount += 1;
    return `${prefix}${issuerCount.toString(36).toUpperCase().padStart(5, '0')}`;
  };
  const couponAtIssue = (issue: Omit<Issue, 'coupon'>) => {
    const curve = inputs.curveOn(issue.dated);
    const atIssue =
      referenceYield(issue.bondClass, curve, yearsBetween(issue.dated, issue.maturity)) +
      issue.spread;
    return roundToEighth(atIssue + random.normal() * 0.002);
  };

  // Municipal deals, state by state in proportion to each market's size.
  const weights = US_STATES.map(
    (state) =>
      STATE_WEIGHTS[state.abbreviation] ?? (TERRITORIES.has(state.abbreviation) ? 0.3 : 1.5),
  );
  const targets = shares(counts.municipal, weights);
  US_STATES.forEach((state, stateIndex) => {
    const target = targets[stateIndex] as number;
    const issuers = new Map<string, { code: string; rating: number; liquidity: number }>();
    let made = 0;
    while (made < target) {
      const sector = random.pick(MUNICIPAL_SECTORS);
      const name = random
        .pick(MUNICIPAL_ISSUERS[sector])
        .replace('{state}', state.name)
        .replace('{place}', random.pick(PLACES))
        .replace('{abbr}', state.abbreviation);
      let known = issuers.get(name);
      if (!known) {
        known = {
          code: nextIssuerCode(String(stateIndex % 10)),
          rating: weightedIndex(random, RATING_WEIGHTS.municipal),
          liquidity: 10 + random.int(0, 60),
        };
        issuers.set(name, known);
      }
      const dated = asOf - random.int(30, 12 * 365);
      const serials = random.int(5, 30);
      // Most municipal deals carry 5 % coupons; the rest are priced near par at issue.
      const fivePercent = random.chance(0.7);
      const amt = PRIVATE_ACTIVITY_SECTORS.has(sector) && random.chance(0.25);
      for (let year = 1; year <= serials && made < target; year++) {
        const maturity = addMonths(dated, 12 * year);
        if (maturity <= asOf + LISTED_AFTER_DAYS) continue;
        const spread =
          (RATING_SPREADS.municipal[known.rating] as number) +
          ((100 - known.liquidity) / 100) * LIQUIDITY_PREMIUM +
          (amt ? 0.002 : 0) +
          random.normal() * 0.0008;
        const draft = {
          bondClass: 'municipal' as const,
          issuer: name,
          issuerCode: known.code,
          sector,
          state: state.abbreviation,
          rating: known.rating,
          liquidity: Math.min(100, Math.max(1, known.liquidity + random.int(-5, 5))),
          amt,
          dated,
          maturity,
          // The usual ten-year par call, for bonds that outlive it.
          firstCall: year > 10 ? addMonths(dated, 120) : -1,
          spread,
        };
        issues.push({ ...draft, coupon: fivePercent ? 0.05 : couponAtIssue(draft) });
        made += 1;
      }
    }
  });

  // Corporate issuers, each with bonds along its curve.
  let corporates = 0;
  while (corporates < counts.corporate) {
    const sector = random.pick(CORPORATE_SECTORS);
    const issuer = `${random.pick(CORPORATE_NAMES)} ${random.pick(CORPORATE_NOUNS[sector])} ${random.pick(CORPORATE_SUFFIXES)}`;
    const code = nextIssuerCode('C');
    const rating = weightedIndex(random, RATING_WEIGHTS.corporate);
    const liquidity = 35 + random.int(0, 60);
    const bonds = Math.min(random.int(8, 30), counts.corporate - corporates);
    for (let b = 0; b < bonds; b++) {
      const term = random.pick([2, 3, 5, 7, 10, 10, 20, 30]);
      const dated = asOf - random.int(30, Math.min(term, 10) * 365);
      const maturity = addMonths(dated, 12 * term);
      if (maturity <= asOf + LISTED_AFTER_DAYS) continue;
      const spread =
        (RATING_SPREADS.corporate[rating] as number) +
        ((100 - liquidity) / 100) * LIQUIDITY_PREMIUM +
        random.normal() * 0.001;
      const draft = {
        bondClass: 'corporate' as const,
        issuer,
        issuerCode: code,
        sector,
        state: '',
        rating,
        liquidity: Math.min(100, Math.max(1, liquidity + random.int(-5, 5))),
        amt: false,
        dated,
        maturity,
        // A par call in the last six months, as most investment-grade bonds now carry.
        firstCall: term >= 5 && random.chance(0.4) ? addMonths(maturity, -6) : -1,
        spread,
      };
      issues.push({ ...draft, coupon: couponAtIssue(draft) });
      corporates += 1;
    }
  }

  // Treasuries: notes and bonds at their usual terms.
  for (let t = 0; t < counts.treasury; t++) {
    const term = random.pick([2, 3, 5, 7, 10, 20, 30]);
    const dated = asOf - random.int(30, Math.min(term, 12) * 365);
    const maturity = addMonths(dated, 12 * term);
    if (maturity <= asOf + LISTED_AFTER_DAYS) {
      t -= 1;
      continue;
    }
    const draft = {
      bondClass: 'treasury' as const,
      issuer: 'United States Treasury',
      // The Treasury's own issuer codes; four of them leave each fewer issues than codes.
      issuerCode: TREASURY_ISSUER_CODES[t % TREASURY_ISSUER_CODES.length] as string,
      sector: TREASURY_SECTOR,
      state: '',
      rating: 0,
      liquidity: 90 + random.int(0, 10),
      amt: false,
      dated,
      maturity,
      firstCall: -1,
      spread: random.normal() * 0.0002,
    };
    issues.push({ ...draft, coupon: couponAtIssue(draft) });
  }

  const { maturingBy } = inputs;
  const listed =
    maturingBy === undefined ? issues : issues.filter((issue) => issue.maturity <= maturingBy);
  return toUniverse(listed, asOf, inputs.curveOn(asOf));
}

/** Columns from the drafted issues, with each bond's price and risk as of the market's date. */
function toUniverse(issues: readonly Issue[], asOf: EpochDay, curve: YieldCurve): BondUniverse {
  // Each issuer numbers its own issues, as CUSIP issue codes do.
  const issued = new Map<string, number>();
  const cusips = issues.map((issue) => {
    const serial = issued.get(issue.issuerCode) ?? 0;
    issued.set(issue.issuerCode, serial + 1);
    return cusip(issue.issuerCode, (serial % 1296).toString(36).toUpperCase().padStart(2, '0'));
  });
  const universe = allocateBondUniverse({
    cusip: cusips,
    issuer: issues.map((issue) => issue.issuer),
    sector: issues.map((issue) => issue.sector),
    state: issues.map((issue) => issue.state),
  });
  issues.forEach((issue, i) => {
    universe.bondClass[i] = BOND_CLASSES.indexOf(issue.bondClass);
    universe.coupon[i] = issue.coupon;
    universe.dated[i] = issue.dated;
    universe.maturity[i] = issue.maturity;
    universe.firstCall[i] = issue.firstCall;
    universe.callPrice[i] = 100;
    universe.rating[i] = issue.rating;
    universe.liquidity[i] = issue.liquidity;
    universe.amt[i] = issue.amt ? 1 : 0;
    universe.spread[i] = issue.spread;
    const priced = priceToWorst(issue, asOf, curve);
    universe.price[i] = priced.price;
    universe.ytw[i] = priced.yield;
    universe.duration[i] = priced.duration;
    universe.convexity[i] = priced.convexity;
    universe.worstDay[i] = priced.worstDay;
    universe.accrued[i] = priced.accrued;
  });
  return universe;
}
