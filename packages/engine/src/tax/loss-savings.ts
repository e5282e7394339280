import type { TaxRates } from './after-tax-yield.ts';

/**
 * The deduction a net capital loss gives against ordinary income each year (26 U.S.C. §1211(b));
 * the rest carries forward (§1212(b)).
 */
export const CAPITAL_LOSS_DEDUCTION = 3_000;

export type LossRates = {
  /** What a dollar of net short-term gain pays: federal, state and the surtax. */
  shortTerm: number;
  /** What a dollar of net long-term gain pays: 0, 15 or 20 % federally, state and the surtax. */
  longTerm: number;
  /** What a dollar of the yearly deduction saves: federal and state, not the surtax (SPEC 9.5). */
  ordinary: number;
};

export function lossRates(rates: TaxRates): LossRates {
  return {
    shortTerm: rates.federal + rates.state + rates.niit,
    longTerm: rates.longTermGains,
    ordinary: rates.federal + rates.state,
  };
}

/** Capital results by character, USD: a gain positive, a loss negative. */
export type ByCharacter = { short: number; long: number };

/**
 * One year's tax on its capital results (SPEC 9.5), negative when a net loss saves tax through
 * the yearly deduction, and the losses it carries to the next year (positive amounts, each
 * keeping its character). `carried` is what the year before left.
 */
export function capitalGainsTax(
  results: ByCharacter,
  carried: ByCharacter,
  rates: LossRates,
): { tax: number; carried: ByCharacter } {
  // Short against short and long against long, carried losses counting as this year's...
  const short = results.short - carried.short;
  const long = results.long - carried.long;
  // ...then the net of one character against the other: what is left of each is taxed, or is
  // a net loss of that character (§1222, §1212(b)(1)).
  const shortGain = Math.max(0, short + Math.min(0, long));
  const longGain = Math.max(0, long + Math.min(0, short));
  const shortLoss = Math.max(0, -short - Math.max(0, long));
  const longLoss = Math.max(0, -long - Math.max(0, short));
  const deduction = Math.min(CAPITAL_LOSS_DEDUCTION, shortLoss + longLoss);
  // The deduction uses short-term losses first (§1212(b)(2)).
  const fromShort = Math.min(shortLoss, deduction);
  return {
    tax: shortGain * rates.shortTerm + longGain * rates.longTerm - deduction * rates.ordinary,
    carried: { short: shortLoss - fromShort, long: longLoss - (deduction - fromShort) },
  };
}

/**
 * What harvested losses save in tax each year (SPEC 9.5): the tax on the year's capital results
 * without the harvested losses less the tax with them, each world carrying its own losses
 * forward. `short` and `long` are the year's harvested losses (positive); `realisedShort` and
 * `realisedLong` its other realised gains net of losses (negative for a net loss).
 */
export function capitalLossSavings(
  yearly: readonly {
    year: number;
    short: number;
    long: number;
    realisedShort?: number;
    realisedLong?: number;
  }[],
  lastYear: number,
  rates: LossRates,
): { year: number; losses: number; savings: number }[] {
  const first = yearly[0]?.year;
  if (first === undefined) return [];
  const byYear = new Map(yearly.map((entry) => [entry.year, entry]));
  let harvesting: ByCharacter = { short: 0, long: 0 };
  let holding: ByCharacter = { short: 0, long: 0 };
  const result: { year: number; losses: number; savings: number }[] = [];
  for (let year = first; year <= lastYear; year++) {
    const entry = byYear.get(year);
    const realised = { short: entry?.realisedShort ?? 0, long: entry?.realisedLong ?? 0 };
    const harvested = { short: entry?.short ?? 0, long: entry?.long ?? 0 };
    const without = capitalGainsTax(realised, holding, rates);
    const withHarvest = capitalGainsTax(
      { short: realised.short - harvested.short, long: realised.long - harvested.long },
      harvesting,
      rates,
    );
    holding = without.carried;
    harvesting = withHarvest.carried;
    result.push({
      year,
      losses: harvested.short + harvested.long,
      savings: without.tax - withHarvest.tax,
    });
  }
  return result;
}
