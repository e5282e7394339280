import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates.ts';
import { inWashSaleWindow, isSubstantiallyIdentical } from './wash-sale.ts';

const bond = (issuer: string, maturity: string, coupon: number) => ({
  issuer,
  maturity: parseIsoDate(maturity),
  coupon,
});

describe('substantially identical bonds (SPEC 4.5)', () => {
  it('are the same issuer’s, with maturity within a year and coupon within half a point', () => {
    const sold = bond('State of Ohio', '2035-06-01', 0.05);
    expect(isSubstantiallyIdentical(sold, bond('State of Ohio', '2036-05-01', 0.0475))).toBe(true);
    // IRS Publication 550, "Wash Sales": bonds of the same issuer with materially different
    // terms, or another issuer's bonds, are not substantially identical.
    expect(isSubstantiallyIdentical(sold, bond('State of Ohio', '2037-06-01', 0.05))).toBe(false);
    expect(isSubstantiallyIdentical(sold, bond('State of Ohio', '2035-06-01', 0.04))).toBe(false);
    expect(
      isSubstantiallyIdentical(sold, bond('Ohio Turnpike Authority', '2035-06-01', 0.05)),
    ).toBe(false);
  });

  it('wash a loss when bought within 30 days either side of the sale (26 U.S.C. §1091)', () => {
    const sold = parseIsoDate('2026-03-15');
    expect(inWashSaleWindow(sold, parseIsoDate('2026-04-14'))).toBe(true);
    expect(inWashSaleWindow(sold, parseIsoDate('2026-02-13'))).toBe(true);
    expect(inWashSaleWindow(sold, parseIsoDate('2026-04-15'))).toBe(false);
  });
});
