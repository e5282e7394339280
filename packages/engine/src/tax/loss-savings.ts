import type { TaxRates } from './after-tax-yield.ts';

/**
 * The deduction a net capital loss gives against ordinary income each year (26 U.S.C. §1211(b));
 * the rest carries forward (§1212(b)).
 */
export const CAPITAL_LOSS_DEDUCTION = 3_000;

export type LossRates = {
  /** What a dollar of gain offset by a short-term loss would have paid. */
  shortTerm: number;
  /** What a dollar of gain offset by a long-term loss would have paid. */
  longTerm: number;
  /** What a dollar of ordinary income pays, for the yearly deduction. */
  ordinary: number;
};

export function lossRates(rates: TaxRates): LossRates {
  return {
    shortTerm: rates.federal + rates.state + rates.niit,
    longTerm: rates.longTermGains,
    ordinary: rates.federal + rates.state,
  };
}

/**
 * What harvested losses save in tax each year (SPEC 9.5): losses first offset the year's
 * realised gains at the rate those gains would have paid, short-term against short-term first;
 * a net loss then offsets up to $3,000 of ordinary income, and the rest carries forward to the
 * next year, keeping its character.
 */
export function capitalLossSavings(
  yearly: readonly {
    year: number;
    short: number;
    long: number;
    shortGains?: number;
    longGains?: number;
  }[],
  lastYear: number,
  rates: LossRates,
): { year: number; losses: number; savings: number }[] {
  const first = yearly[0]?.year;
  if (first === undefined) return [];
  const byYear = new Map(yearly.map((entry) => [entry.year, entry]));
  const carried = { short: 0, long: 0 };
  const result: { year: number; losses: number; savings: number }[] = [];
  for (let year = first; year <= lastYear; year++) {
    const entry = byYear.get(year);
    let short = carried.short + (entry?.short ?? 0);
    let long = carried.long + (entry?.long ?? 0);
    let shortGains = entry?.shortGains ?? 0;
    let longGains = entry?.longGains ?? 0;
    let savings = 0;
    const offset = (loss: number, gains: number, rate: number) => {
      const used = Math.min(loss, gains);
      savings += used * rate;
      return used;
    };
    let used = offset(short, shortGains, rates.shortTerm);
    short -= used;
    shortGains -= used;
    used = offset(long, longGains, rates.longTerm);
    long -= used;
    longGains -= used;
    used = offset(short, longGains, rates.longTerm);
    short -= used;
    used = offset(long, shortGains, rates.shortTerm);
    long -= used;
    const deduction = Math.min(CAPITAL_LOSS_DEDUCTION, short + long);
    savings += deduction * rates.ordinary;
    // Short-term losses are deducted first (§1212(b)(1)).
    const fromShort = Math.min(short, deduction);
    carried.short = short - fromShort;
    carried.long = long - (deduction - fromShort);
    result.push({ year, losses: (entry?.short ?? 0) + (entry?.long ?? 0), savings });
  }
  return result;
}
