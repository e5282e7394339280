import { describe, expect, it } from 'vitest';
import {
  type IncomeEntry,
  type InterestLine,
  NO_INCOME,
  taxYearIncome,
} from './tax-year-income.ts';

// The ledger of SPEC 13.3, worked there by hand from Form 1099-INT's boxes and IRS
// Publication 550's rule for accrued interest paid at a purchase.
const LINES: Record<string, InterestLine> = {
  C: 'TAXABLE',
  D: 'TAXABLE',
  E: 'TAXABLE',
  T: 'TREASURY',
  M: 'TAX_EXEMPT',
  P: 'TAX_EXEMPT_AMT',
};

const entry = (
  entryDate: string,
  kind: string,
  instrument: string | null,
  dollars: number,
): IncomeEntry => ({ entryDate, kind, instrument, incomeCents: Math.round(dollars * 100) });

const LEDGER: IncomeEntry[] = [
  entry('2025-11-14', 'BUY', 'C', -312.5),
  entry('2026-01-15', 'COUPON', 'C', 625),
  entry('2026-03-01', 'COUPON', 'P', 400),
  entry('2026-03-02', 'BUY', 'D', -200),
  entry('2026-04-01', 'SELL', 'D', 350),
  entry('2026-05-15', 'COUPON', 'T', 1_000),
  entry('2026-06-01', 'COUPON', 'M', 2_500),
  entry('2026-06-30', 'CASH_INTEREST', null, 41.07),
  entry('2026-07-01', 'STAKING_REWARD', 'ETH', 84.2),
  entry('2026-12-10', 'BUY', 'E', -55),
  entry('2027-02-01', 'COUPON', 'E', 1_100),
];

const cents = (dollars: number) => Math.round(dollars * 100);
const incomeOf = (year: number) =>
  taxYearIncome(
    LEDGER.filter((row) => row.entryDate <= `${year}-12-31`),
    year,
    (instrument) => LINES[instrument],
  );

describe('a tax year’s income (SPEC 13)', () => {
  it('leaves the accrued interest paid in 2025 to the coupon that returns it in 2026', () => {
    expect(incomeOf(2025)).toEqual(NO_INCOME);
  });

  it('puts each kind of interest on its own 1099-INT line and counts it once', () => {
    expect(incomeOf(2026)).toEqual({
      taxable: cents(462.5),
      treasury: cents(1_000),
      taxExempt: cents(2_900),
      privateActivity: cents(400),
      staking: cents(84.2),
      cashInterest: cents(41.07),
      total: cents(4_487.77),
    });
  });

  it('takes a December purchase’s accrued interest off the next year’s coupon', () => {
    expect(incomeOf(2027)).toEqual({ ...NO_INCOME, taxable: cents(1_045), total: cents(1_045) });
  });
});
