import type { TaxData } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { generatedMarket } from '../market/generated-market.ts';
import {
  afterTaxYieldOf,
  combinedRate,
  discountTaxRate,
  keptShare,
  taxEquivalentYield,
  taxRatesOf,
} from './after-tax-yield.ts';

const client = (overrides: Partial<TaxData> = {}): TaxData => ({
  initial_investment_amount: 500_000,
  tax_rate: 35,
  tax_residency: 'Nowhere',
  alternative_minimum_tax: false,
  net_investment_income_tax: false,
  ...overrides,
});

describe('tax-equivalent yield (SPEC 6.2)', () => {
  it('divides a tax-free yield by one less the tax rate', () => {
    // The formula as the MSRB's investor education states it (EMMA, "Tax-Equivalent Yield"):
    // tax-free yield / (1 - tax rate). Worked here: 5 % tax-free at a 35 % rate is 7.69 %.
    const rates = taxRatesOf(client());
    expect(taxEquivalentYield(0.05, rates) * 100).toBeCloseTo(7.69, 2);
  });

  it('adds the state rate and the surtax for a resident of a taxing state', () => {
    const rates = taxRatesOf(
      client({ tax_rate: 24, tax_residency: 'CA', net_investment_income_tax: true }),
    );
    expect(combinedRate(rates)).toBeCloseTo(0.24 + 0.133 + 0.038, 12);
    // An in-state municipal yield of 3 % keeps all of it: 3 / (1 - 0.411).
    const inState = keptShare({ bondClass: 'municipal', state: 'CA', amt: false }, rates);
    expect(taxEquivalentYield(0.03 * inState, rates)).toBeCloseTo(0.03 / 0.589, 12);
  });
});

describe('what interest keeps (SPEC 6.3, 6.4)', () => {
  const rates = taxRatesOf(
    client({ tax_rate: 32, tax_residency: 'NY', net_investment_income_tax: true }),
  );

  it('taxes each kind of bond as the code does', () => {
    expect(keptShare({ bondClass: 'municipal', state: 'NY', amt: false }, rates)).toBe(1);
    expect(keptShare({ bondClass: 'municipal', state: 'NJ', amt: false }, rates)).toBeCloseTo(
      1 - 0.109,
      12,
    );
    expect(keptShare({ bondClass: 'treasury', state: '', amt: false }, rates)).toBeCloseTo(
      1 - 0.32 - 0.038,
      12,
    );
    expect(keptShare({ bondClass: 'corporate', state: '', amt: false }, rates)).toBeCloseTo(
      1 - 0.32 - 0.038 - 0.109,
      12,
    );
  });

  it('charges the AMT rate on private-activity interest only when the client pays the AMT', () => {
    const bond = { bondClass: 'municipal' as const, state: 'NY', amt: true };
    expect(keptShare(bond, rates)).toBe(1);
    const amtPayer = taxRatesOf(client({ tax_residency: 'NY', alternative_minimum_tax: true }));
    expect(keptShare(bond, amtPayer)).toBeCloseTo(1 - 0.28, 12);
  });

  it('keeps everything for a tax-exempt client', () => {
    const exempt = taxRatesOf(client({ tax_rate: 0 }));
    expect(keptShare({ bondClass: 'corporate', state: '', amt: false }, exempt)).toBe(1);
    expect(taxEquivalentYield(0.04, exempt)).toBe(0.04);
  });
});

describe('territories’ bonds (SPEC 6.3)', () => {
  // A New York resident at 32 % with the surtax: New York's 10.9 % on interest it may tax.
  const rates = taxRatesOf(
    client({ tax_rate: 32, tax_residency: 'NY', net_investment_income_tax: true }),
  );

  it('are exempt from every state’s tax: Puerto Rico, Guam, the Virgin Islands, American Samoa, the Northern Marianas', () => {
    for (const state of ['PR', 'GU', 'VI', 'AS', 'MP']) {
      expect(keptShare({ bondClass: 'municipal', state, amt: false }, rates), state).toBe(1);
    }
    // So a 4 % Puerto Rico bond is worth 4 / (1 - .32 - .109 - .038) = 7.5047 % taxable to
    // a New Yorker, where a 4 % New Jersey bond is worth 4 x .891 / .533 = 6.6867 %.
    const pr = keptShare({ bondClass: 'municipal', state: 'PR', amt: false }, rates);
    expect(taxEquivalentYield(0.04 * pr, rates) * 100).toBeCloseTo(7.5047, 4);
    const nj = keptShare({ bondClass: 'municipal', state: 'NJ', amt: false }, rates);
    expect(taxEquivalentYield(0.04 * nj, rates) * 100).toBeCloseTo(6.6867, 4);
  });

  it('but not the District’s, nor the freely associated states’: those pay New York’s 10.9 %', () => {
    for (const state of ['DC', 'FM', 'MH', 'PW']) {
      expect(keptShare({ bondClass: 'municipal', state, amt: false }, rates), state).toBeCloseTo(
        1 - 0.109,
        12,
      );
    }
  });
});

describe('the tax on a market discount (SPEC 6.5)', () => {
  // A New York resident at 35 % with the surtax: long-term gains pay 15 + 10.9 + 3.8 = 29.7 %.
  const rates = taxRatesOf(
    client({ tax_rate: 35, tax_residency: 'NY', net_investment_income_tax: true }),
  );

  it('pays no state tax on a treasury’s ordinary discount, which is federal interest', () => {
    expect(discountTaxRate('treasury', false, rates)).toBeCloseTo(0.35 + 0.038, 12);
    expect(discountTaxRate('corporate', false, rates)).toBeCloseTo(0.35 + 0.109 + 0.038, 12);
    expect(discountTaxRate('municipal', false, rates)).toBeCloseTo(0.35 + 0.109 + 0.038, 12);
  });

  it('taxes a de minimis discount as a long-term gain, state included, whatever the bond', () => {
    for (const bondClass of ['treasury', 'corporate', 'municipal'] as const) {
      expect(discountTaxRate(bondClass, true, rates), bondClass).toBeCloseTo(
        0.15 + 0.109 + 0.038,
        12,
      );
    }
  });
});

describe('after-tax yields kept per market and client', () => {
  const small = { bondCounts: { municipal: 300, corporate: 300, treasury: 100 } };
  const newYork = taxRatesOf(client({ tax_residency: 'NY', net_investment_income_tax: true }));
  const texas = taxRatesOf(client({ tax_residency: 'TX', tax_rate: 24 }));

  it('answers each client as if asked first, whichever client asked before', () => {
    const market = generatedMarket(small);
    const discounted = Array.from({ length: market.bonds.count }, (_, bond) => bond).filter(
      (bond) => (market.bonds.price[bond] as number) < 99,
    );
    expect(discounted.length).toBeGreaterThan(10);
    const asked = discounted.flatMap((bond) => [
      afterTaxYieldOf(market.bonds, bond, newYork, market.asOf),
      afterTaxYieldOf(market.bonds, bond, texas, market.asOf),
    ]);
    // The same market built again knows nothing yet: each client is asked alone there.
    const fresh = generatedMarket(small);
    const alone = [
      ...discounted.map((bond) => afterTaxYieldOf(fresh.bonds, bond, texas, fresh.asOf)),
      ...discounted.map((bond) => afterTaxYieldOf(fresh.bonds, bond, newYork, fresh.asOf)),
    ];
    for (let i = 0; i < discounted.length; i++) {
      expect(asked[2 * i]).toBe(alone[discounted.length + i]);
      expect(asked[2 * i + 1]).toBe(alone[i]);
      expect(asked[2 * i]).not.toBe(asked[2 * i + 1]);
    }
  });
});
