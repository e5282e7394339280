import { type BondStrategy, CREDIT_UNIVERSE } from '@ballast/contract';
import { BOND_CLASSES, type BondClass, type BondUniverse } from '../market/market-data.ts';
import { afterTaxYieldOf, type TaxRates } from '../tax/after-tax-yield.ts';

/** The four asset classes results report, municipal bonds split by the client's state. */
export const REPORTED_CLASSES = [
  'munis_national',
  'munis_in_state',
  'corporates',
  'treasuries',
] as const;
export type ReportedClass = (typeof REPORTED_CLASSES)[number];

export const RATING_BUCKETS = ['AAA', 'AA', 'A', 'BBB'] as const;
export type RatingBucket = (typeof RATING_BUCKETS)[number];

/** AAA is its own bucket; AA+, AA and AA- are AA; and so on (SPEC 7.3). */
export function ratingBucketOf(notch: number): RatingBucket {
  if (notch === 0) return 'AAA';
  if (notch <= 3) return 'AA';
  if (notch <= 6) return 'A';
  return 'BBB';
}

/** A bond the strategy may hold, with what the optimiser needs of it. */
export type Candidate = {
  /** Index into the market's bond universe. */
  bond: number;
  bondClass: BondClass;
  reportedClass: ReportedClass;
  ratingBucket: RatingBucket;
  issuer: string;
  /** Yield to worst after the client's taxes (SPEC 6.3-6.5). */
  afterTaxYield: number;
  duration: number;
  liquidity: number;
  /** Whether the bond's liquidity score is inside the strategy's range. */
  liquid: boolean;
};

const CLASS_CHOICES = {
  municipal: { select: 'municipals', max: 'muni_max_pct' },
  corporate: { select: 'corporates', max: 'corp_max_pct' },
  treasury: { select: 'treasuries', max: 'tsry_max_pct' },
} as const;

/** The share of the portfolio the strategy allows in a class, as a fraction. */
export function classLimit(assets: BondStrategy['assets'], bondClass: BondClass): number {
  const choice = CLASS_CHOICES[bondClass];
  return assets.type === 'select' ? (assets[choice.select] ? 1 : 0) : assets[choice.max] / 100;
}

/**
 * The bonds a strategy may hold (SPEC 7.2): of an allowed class, rated at or above the credit
 * floor, not of an excluded sector or issuer, and for high liquidity (H) with a score inside the
 * range. Bonds that mature or may be called within a year are left to the cash a portfolio
 * holds anyway.
 */
export function eligibleBonds(
  universe: BondUniverse,
  strategy: BondStrategy,
  rates: TaxRates,
  asOf: number,
): Candidate[] {
  const floor = CREDIT_UNIVERSE.indexOf(strategy.factors.credit.credit_universe);
  const { liquidity } = strategy.factors;
  const excluded = {
    municipal: {
      sectors: new Set(strategy.constraints.excluded_municipal_sectors),
      issuers: new Set(strategy.constraints.excluded_municipal_issuers),
    },
    corporate: {
      sectors: new Set(strategy.constraints.excluded_corporate_sectors),
      issuers: new Set(strategy.constraints.excluded_corporate_issuers),
    },
    treasury: { sectors: new Set<string>(), issuers: new Set<string>() },
  };
  const allowed = BOND_CLASSES.map((bondClass) => classLimit(strategy.assets, bondClass) > 0);
  const candidates: Candidate[] = [];
  for (let i = 0; i < universe.count; i++) {
    const kind = universe.bondClass[i] as number;
    if (!allowed[kind]) continue;
    const rating = universe.rating[i] as number;
    if (rating > floor) continue;
    const bondClass = BOND_CLASSES[kind] as BondClass;
    const issuer = universe.issuer[i] as string;
    if (excluded[bondClass].sectors.has(universe.sector[i] as string)) continue;
    if (excluded[bondClass].issuers.has(issuer)) continue;
    if ((universe.worstDay[i] as number) - asOf < 365) continue;
    const score = universe.liquidity[i] as number;
    const liquid = score >= liquidity.min && score <= liquidity.max;
    if (liquidity.target === 'H' && !liquid) continue;
    const state = universe.state[i] as string;
    candidates.push({
      bond: i,
      bondClass,
      reportedClass:
        bondClass === 'municipal'
          ? state === rates.residency
            ? 'munis_in_state'
            : 'munis_national'
          : bondClass === 'corporate'
            ? 'corporates'
            : 'treasuries',
      ratingBucket: ratingBucketOf(rating),
      issuer,
      afterTaxYield: afterTaxYieldOf(universe, i, rates, asOf),
      duration: universe.duration[i] as number,
      liquidity: score,
      liquid,
    });
  }
  return candidates;
}
