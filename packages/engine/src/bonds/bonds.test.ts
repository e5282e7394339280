import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates.ts';
import { cashFlows } from './cash-flows.ts';
import { effectiveRisk, riskMeasures } from './risk.ts';
import { cleanPrice, yieldFromCleanPrice, yieldToWorst } from './yield.ts';

const day = parseIsoDate;

// The golden values of the engine's brief; QuantLib (FixedRateBond, Thirty360 BondBasis,
// Compounded Semiannual) and the closed form agree on them.
describe('a 6 % 20-year semiannual bond at 4.5 % (SPEC 2.3, 2.6)', () => {
  const bond = { couponRate: 0.06, maturity: day('2046-01-15') };
  const flows = cashFlows(bond, day('2026-01-15'));

  it('has forty coupons and no accrued interest on a coupon date', () => {
    expect(flows.times.length).toBe(40);
    expect(flows.accrued).toBe(0);
    expect(flows.amounts[39]).toBe(103);
  });

  it('prices at 119.645142', () => {
    expect(cleanPrice(flows, 0.045)).toBeCloseTo(119.645142, 6);
  });

  it('has Macaulay 12.635375, modified 12.357335 and convexity 205.978967', () => {
    const risk = riskMeasures(flows, 0.045);
    expect(risk.macaulay).toBeCloseTo(12.635375, 6);
    expect(risk.modified).toBeCloseTo(12.357335, 6);
    expect(risk.convexity).toBeCloseTo(205.978967, 5);
  });

  it('agrees with bumped prices for effective duration and convexity', () => {
    const effective = effectiveRisk(flows, 0.045);
    expect(effective.duration).toBeCloseTo(12.357335, 4);
    expect(effective.convexity).toBeCloseTo(205.978967, 1);
  });
});

describe('yield from price (SPEC 2.4)', () => {
  it('finds 5.32569 % for a 5 % 10-year bond at 97.50', () => {
    const flows = cashFlows({ couponRate: 0.05, maturity: day('2036-03-01') }, day('2026-03-01'));
    expect(yieldFromCleanPrice(flows, 97.5) * 100).toBeCloseTo(5.32569, 5);
  });

  it('round-trips a price between coupon dates, accrued interest included', () => {
    const flows = cashFlows({ couponRate: 0.0425, maturity: day('2033-11-15') }, day('2026-08-03'));
    // 30/360 from 15 May to 3 August: 2 months and 18 days, 78 days.
    expect(flows.accrued).toBeCloseTo((4.25 * 78) / 360, 12);
    expect(flows.times[0]).toBeCloseTo(102 / 180, 12);
    const price = cleanPrice(flows, 0.038);
    expect(yieldFromCleanPrice(flows, price)).toBeCloseTo(0.038, 10);
  });

  it('finds a yield above 100 % for a deep discount redeemed within weeks', () => {
    const flows = cashFlows({ couponRate: 0.03, maturity: day('2037-12-02') }, day('2026-10-30'), {
      day: day('2026-12-02'),
      price: 100,
    });
    const rate = yieldFromCleanPrice(flows, 87.7);
    expect(rate).toBeGreaterThan(1);
    expect(cleanPrice(flows, rate)).toBeCloseTo(87.7, 8);
  });

  it('falls back to bisection for a price Newton overshoots', () => {
    const flows = cashFlows({ couponRate: 0, maturity: day('2056-01-01') }, day('2026-01-01'));
    const rate = yieldFromCleanPrice(flows, 2, 0.9);
    expect(cleanPrice(flows, rate)).toBeCloseTo(2, 8);
  });
});

describe('yield to worst (SPEC 2.5)', () => {
  // 4 % coupon, 15 years, at 105, callable at par every year from year 8.
  const settlement = day('2026-06-01');
  const calls = [8, 9, 10, 11, 12, 13, 14].map((year) => ({
    day: day(`${2026 + year}-06-01`),
    price: 100,
  }));
  const bond = { couponRate: 0.04, maturity: day('2041-06-01'), calls };

  it('has YTM 3.5667 % and YTC(8y) 3.2842 %', () => {
    const toMaturity = yieldFromCleanPrice(cashFlows(bond, settlement), 105);
    const toFirstCall = yieldFromCleanPrice(
      cashFlows(bond, settlement, calls[0] as { day: number; price: number }),
      105,
    );
    expect(toMaturity * 100).toBeCloseTo(3.5667, 4);
    expect(toFirstCall * 100).toBeCloseTo(3.2842, 4);
  });

  it('is the first call for this premium bond', () => {
    const worst = yieldToWorst(bond, settlement, 105);
    expect(worst.yield * 100).toBeCloseTo(3.2842, 4);
    expect(worst.redemption.day).toBe(day('2034-06-01'));
  });

  it('is the maturity for a discount bond', () => {
    const worst = yieldToWorst(bond, settlement, 92);
    expect(worst.redemption.day).toBe(bond.maturity);
  });

  it('pays part-period interest when called between coupon dates', () => {
    const flows = cashFlows(bond, settlement, { day: day('2034-09-01'), price: 101 });
    const last = flows.times.length - 1;
    expect(flows.amounts[last]).toBeCloseTo(101 + 1, 12);
    expect(flows.times[last]).toBeCloseTo(16 + 0.5, 12);
  });
});

describe('month-end coupons have 180-day periods (SPEC 2.3, 2.2)', () => {
  // A 4 % bond maturing 2031-08-31 pays on 31 August and 28 February (SPEC 2.1). Settled
  // 2026-12-15 it lies between 2026-08-31 and 2027-02-28. By SPEC 2.2:
  //   days(2026-08-31, 2026-12-15): D1 31 -> 30, 30 × 4 + (15 − 30) = 105 accrued days;
  //   days(2026-12-15, 2027-02-28): 360 × 1 + 30 × (2 − 12) + (28 − 15) = 73 days to go;
  //   days(2026-08-31, 2027-02-28): 360 − 180 + (28 − 30) = 178, which is not the period.
  // The period is 180 days, so w = 73 / 180 = 0.405556 (not 73 / 178 = 0.410112).
  const settlement = day('2026-12-15');

  it('puts the next coupon 73/180 of a period away, and each later one a period further', () => {
    const flows = cashFlows({ couponRate: 0.04, maturity: day('2031-08-31') }, settlement);
    // 2027-02-28, 2027-08-31, ... 2031-08-31: ten coupons.
    expect(flows.times.length).toBe(10);
    expect(flows.times[0]).toBeCloseTo(73 / 180, 12);
    expect(flows.times[9]).toBeCloseTo(73 / 180 + 9, 12);
    expect(flows.accrued).toBeCloseTo((4 * 105) / 360, 12);
  });

  it('counts the period after February as 180 days too', () => {
    // Settled 2027-05-15, between 2027-02-28 and 2027-08-31:
    //   days(2027-02-28, 2027-05-15) = 30 × 3 + (15 − 28) = 77 accrued days;
    //   days(2027-05-15, 2027-08-31): D2 stays 31 as D1 is 15, 30 × 3 + (31 − 15) = 106;
    //   days(2027-02-28, 2027-08-31) = 30 × 6 + 3 = 183, which again is not the period.
    const flows = cashFlows({ couponRate: 0.04, maturity: day('2031-08-31') }, day('2027-05-15'));
    expect(flows.times[0]).toBeCloseTo(106 / 180, 12);
    expect(flows.accrued).toBeCloseTo((4 * 77) / 360, 12);
  });

  it('treats a maturity on the 29th or 30th the same way', () => {
    // From 2026-12-15 to 2027-02-28 is 73 days whichever day the coupon falls on in August;
    // the old periods were 179 (from the 29th) and 178 (from the 30th).
    for (const maturity of ['2031-08-29', '2031-08-30']) {
      const flows = cashFlows({ couponRate: 0.04, maturity: day(maturity) }, settlement);
      expect(flows.times[0], maturity).toBeCloseTo(73 / 180, 12);
    }
  });

  it('prices a short month-end bond to the cent by hand', () => {
    // 4 % maturing 2027-08-31 at a 5 % yield: 2 at w = 73/180 and 102 at w + 1, per 100.
    //   1.025^−0.405556 = 0.990036, so the coupon is worth 1.980071;
    //   1.025^−1.405556 = 0.965889, so the last flow is worth 98.520631;
    //   dirty 100.500702, less accrued 4 × 105 / 360 = 1.166667, is clean 99.334035.
    // With the old 178-day period (w = 73/178) it was 99.322728, 1.1 cents lower.
    const flows = cashFlows({ couponRate: 0.04, maturity: day('2027-08-31') }, settlement);
    expect(cleanPrice(flows, 0.05)).toBeCloseTo(99.334035, 5);
  });
});
