import { makeTaxData } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { longTermFederalRate, taxRatesOf } from './after-tax-yield.ts';
import { capitalGainsTax, capitalLossSavings, lossRates } from './loss-savings.ts';

const rates = { shortTerm: 0.4, longTerm: 0.25, ordinary: 0.35 };
/**
 * Federal 35 %, a state at 5 % and the 3.8 % surtax: a short-term gain pays 35 + 5 + 3.8 =
 * 43.8 %, a long-term gain 15 + 5 + 3.8 = 23.8 %, and the yearly deduction saves 35 + 5 = 40 %.
 */
const stated = { shortTerm: 0.438, longTerm: 0.238, ordinary: 0.4 };
const none = { short: 0, long: 0 };

describe('what harvested losses save (SPEC 9.5)', () => {
  it('deducts $3,000 a year of a net loss and carries the rest forward', () => {
    // 26 U.S.C. §1211(b) and §1212(b), as IRS Publication 550 ("Capital Losses") explains them:
    // a $10,000 net capital loss is deducted $3,000, $3,000, $3,000 and then the last $1,000.
    const savings = capitalLossSavings([{ year: 2022, short: 10_000, long: 0 }], 2026, rates);
    expect(savings.map((year) => year.savings)).toEqual([1_050, 1_050, 1_050, 350, 0]);
    expect(savings.map((year) => year.losses)).toEqual([10_000, 0, 0, 0, 0]);
  });

  it('offsets gains first, each kind at the rate the gain would have paid', () => {
    const [year] = capitalLossSavings(
      [{ year: 2024, short: 5_000, long: 2_000, realisedShort: 4_000, realisedLong: 1_000 }],
      2024,
      rates,
    );
    // 4,000 short against short at 40 %, 1,000 long against long at 25 %, then the 2,000 left
    // (1,000 short, 1,000 long) against ordinary income at 35 %.
    expect(year?.savings).toBeCloseTo(4_000 * 0.4 + 1_000 * 0.25 + 2_000 * 0.35, 9);
  });

  it('nets a long-term harvest against short-term gains, then deducts and carries the rest', () => {
    // 2024: $10,000 of short-term gains, $25,000 of long-term losses harvested.
    //   Without harvesting: 10,000 × 43.8 % = 4,380 of tax.
    //   With: short +10,000, long −25,000; the long-term loss first takes the short-term gain,
    //   leaving a net long-term loss of 15,000: 3,000 deducted (−3,000 × 40 % = −1,200 of tax)
    //   and 12,000 carried forward, long-term. Saved 4,380 − (−1,200) = 5,580.
    // 2025: $5,000 of long-term gains in both worlds.
    //   Without: 5,000 × 23.8 % = 1,190. With: 5,000 − 12,000 carried = −7,000, long-term:
    //   3,000 deducted (−1,200), 4,000 carried. Saved 1,190 + 1,200 = 2,390.
    // 2026: $2,000 of short-term gains in both worlds.
    //   Without: 2,000 × 43.8 % = 876. With: +2,000 short against the 4,000 carried long leaves
    //   a net loss of 2,000, deducted whole (−800), nothing carried. Saved 876 + 800 = 1,676.
    const savings = capitalLossSavings(
      [
        { year: 2024, short: 0, long: 25_000, realisedShort: 10_000 },
        { year: 2025, short: 0, long: 0, realisedLong: 5_000 },
        { year: 2026, short: 0, long: 0, realisedShort: 2_000 },
      ],
      2027,
      stated,
    );
    expect(savings.map((year) => year.losses)).toEqual([25_000, 0, 0, 0]);
    const expected = [5_580, 2_390, 1_676, 0];
    savings.forEach((year, i) => {
      expect(year.savings).toBeCloseTo(expected[i] as number, 9);
    });
  });

  it('lets a rebalancing loss of one year offset a harvest’s gain elsewhere, in both worlds', () => {
    // A year with a $4,000 short-term loss from rebalancing and $1,000 harvested short-term.
    //   Without harvesting: a net loss of 4,000, 3,000 deducted (−1,200), 1,000 carried.
    //   With: a net loss of 5,000, 3,000 deducted (−1,200), 2,000 carried. Saved nothing yet.
    // Next year $6,000 of short-term gains: without, 6,000 − 1,000 = 5,000 × 43.8 % = 2,190;
    // with, 6,000 − 2,000 = 4,000 × 43.8 % = 1,752. Saved 438 = the 1,000 harvested × 43.8 %.
    const savings = capitalLossSavings(
      [
        { year: 2024, short: 1_000, long: 0, realisedShort: -4_000 },
        { year: 2025, short: 0, long: 0, realisedShort: 6_000 },
      ],
      2025,
      stated,
    );
    expect(savings[0]?.savings).toBeCloseTo(0, 9);
    expect(savings[1]?.savings).toBeCloseTo(438, 9);
  });

  it('saves nothing without losses', () => {
    expect(capitalLossSavings([], 2026, rates)).toEqual([]);
  });

  it('taxes long-term gains at 0, 15 or 20 % by bracket (26 U.S.C. §1(h))', () => {
    expect([0, 12, 24, 32, 35, 37].map((bracket) => longTermFederalRate(bracket as 0))).toEqual([
      0, 0, 0.15, 0.15, 0.15, 0.2,
    ]);
  });
});

describe('netting one year by character (SPEC 9.5)', () => {
  it('taxes what a short-term loss leaves of a long-term gain at the long-term rate', () => {
    // −8,000 short against +10,000 long: a net long-term gain of 2,000 × 23.8 % = 476.
    const year = capitalGainsTax({ short: -8_000, long: 10_000 }, none, stated);
    expect(year.tax).toBeCloseTo(476, 9);
    expect(year.carried).toEqual(none);
  });

  it('deducts from the short-term loss first and carries each character separately', () => {
    // Carried in: 2,000 short and 5,000 long. This year +1,000 short, −1,000 long: short
    // 1,000 − 2,000 = −1,000, long −1,000 − 5,000 = −6,000; a net loss of 7,000. The deduction
    // takes the 1,000 short first, then 2,000 long: 4,000 long-term carried. Tax −3,000 × 40 %.
    const year = capitalGainsTax(
      { short: 1_000, long: -1_000 },
      { short: 2_000, long: 5_000 },
      stated,
    );
    expect(year.tax).toBeCloseTo(-1_200, 9);
    expect(year.carried).toEqual({ short: 0, long: 4_000 });
  });

  it('values the deduction at federal and state rates, not the surtax', () => {
    // The factory's client: 35 % federal, California 13.3 %, the surtax on. A short-term gain
    // pays 35 + 13.3 + 3.8 = 52.1 %, a long-term gain 15 + 13.3 + 3.8 = 32.1 %, and the
    // $3,000 deduction saves 35 + 13.3 = 48.3 %: 3,000 × 48.3 % = 1,449, surtax or not.
    const withSurtax = lossRates(taxRatesOf(makeTaxData({ net_investment_income_tax: true })));
    const without = lossRates(taxRatesOf(makeTaxData({ net_investment_income_tax: false })));
    expect(withSurtax.shortTerm).toBeCloseTo(0.521, 12);
    expect(withSurtax.longTerm).toBeCloseTo(0.321, 12);
    for (const client of [withSurtax, without]) {
      const [year] = capitalLossSavings([{ year: 2024, short: 5_000, long: 0 }], 2024, client);
      expect(year?.savings).toBeCloseTo(1_449, 9);
    }
  });
});
