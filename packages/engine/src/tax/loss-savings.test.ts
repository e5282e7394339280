import { describe, expect, it } from 'vitest';
import { longTermFederalRate } from './after-tax-yield.ts';
import { capitalLossSavings } from './loss-savings.ts';

const rates = { shortTerm: 0.4, longTerm: 0.25, ordinary: 0.35 };

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
      [{ year: 2024, short: 5_000, long: 2_000, shortGains: 4_000, longGains: 1_000 }],
      2024,
      rates,
    );
    // 4,000 short against short at 40 %, 1,000 long against long at 25 %, then the 2,000 left
    // (1,000 short, 1,000 long) against ordinary income at 35 %.
    expect(year?.savings).toBeCloseTo(4_000 * 0.4 + 1_000 * 0.25 + 2_000 * 0.35, 9);
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
