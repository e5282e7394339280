import { describe, expect, it } from 'vitest';
import { cashFlows } from '../bonds/cash-flows.ts';
import { parseIsoDate } from '../dates.ts';
import { discountAfterTaxYield, isDeMinimis } from './market-discount.ts';

describe('market discount (SPEC 6.5)', () => {
  it('is de minimis below a quarter point per full year to maturity', () => {
    // IRS Publication 550, "Market Discount Bonds": the discount is treated as zero when it is
    // less than 1/4 of 1 % of the redemption price times the full years to maturity; for ten
    // years that is 2.5 points.
    expect(isDeMinimis(98, 10.9)).toBe(true);
    expect(isDeMinimis(97.5, 10)).toBe(false);
    expect(isDeMinimis(97, 10)).toBe(false);
    expect(isDeMinimis(99.9, 0.5)).toBe(false);
  });

  it('leaves the kept coupon and the par less the discount’s tax', () => {
    // One coupon left: the yield solves price = flow / (1 + y/2).
    const flows = cashFlows(
      { couponRate: 0.04, maturity: parseIsoDate('2027-01-15') },
      parseIsoDate('2026-07-15'),
    );
    const rate = discountAfterTaxYield(flows, 99, 100, { keptShare: 0.6, discountRate: 0.238 });
    const flow = 2 * 0.6 + 100 - 1 * 0.238;
    expect(rate).toBeCloseTo(2 * (flow / 99 - 1), 10);
  });

  it('returns the accrued interest a buyer paid untaxed with the first coupon', () => {
    const settlement = parseIsoDate('2026-10-15');
    const flows = cashFlows({ couponRate: 0.05, maturity: parseIsoDate('2027-01-15') }, settlement);
    expect(flows.accrued).toBeCloseTo(1.25, 12);
    const rate = discountAfterTaxYield(flows, 99, 100, { keptShare: 0.5, discountRate: 0 });
    // 2.5 of coupon: 1.25 bought with the bond comes back whole, 1.25 earned keeps half.
    const flow = 1.25 + 1.25 * 0.5 + 100;
    const periods = flows.times[0] as number;
    expect(99 + 1.25).toBeCloseTo(flow / (1 + rate / 2) ** periods, 9);
  });
});
