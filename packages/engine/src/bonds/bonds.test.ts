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
