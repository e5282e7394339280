import type { TaxData, TaxRate } from '@ballast/contract';
import type { BondClass } from '../market/market-data.ts';
import { STATE_TAX_RATES } from './state-tax-rates.ts';

/** The 3.8 % net investment income tax (26 U.S.C. §1411) on taxable interest. */
export const NIIT_RATE = 0.038;
/**
 * The AMT's top rate (26 U.S.C. §55(b)), applied to interest on private-activity municipal bonds
 * when the client pays the AMT (SPEC 6.4).
 */
export const AMT_RATE = 0.28;

/** A client's rates as decimals (SPEC 6.1). */
export type TaxRates = {
  federal: number;
  state: number;
  /** The surtax on taxable interest, when the client pays it; else 0. */
  niit: number;
  /** The AMT rate on private-activity interest, when the client pays the AMT; else 0. */
  amt: number;
  /** What a long-term capital gain pays: the federal rate of 26 U.S.C. §1(h), state, surtax. */
  longTermGains: number;
  residency: string;
};

export function taxRatesOf(taxData: TaxData): TaxRates {
  const state = (STATE_TAX_RATES[taxData.tax_residency] ?? 0) / 100;
  const niit = taxData.net_investment_income_tax ? NIIT_RATE : 0;
  return {
    federal: taxData.tax_rate / 100,
    state,
    niit,
    amt: taxData.alternative_minimum_tax ? AMT_RATE : 0,
    longTermGains: longTermFederalRate(taxData.tax_rate) + state + niit,
    residency: taxData.tax_residency,
  };
}

/** Federal long-term capital gains rate for an ordinary bracket (26 U.S.C. §1(h)), decimal. */
export function longTermFederalRate(bracket: TaxRate): number {
  if (bracket <= 12) return 0;
  return bracket >= 37 ? 0.2 : 0.15;
}

/**
 * The rate on fully taxable interest: federal, state and the surtax added (SPEC 6.2). State tax
 * is not deducted from federal income: the deduction is capped at $10,000 for all state and
 * local taxes (26 U.S.C. §164(b)(6)), which most clients of a separately managed account reach
 * already.
 */
export function combinedRate(rates: TaxRates): number {
  return rates.federal + rates.state + rates.niit;
}

/** What a bond's interest is exempt from, for a client in `residency` (SPEC 6.3). */
export function exemptions(
  bondClass: BondClass,
  bondState: string,
  residency: string,
): { federal: boolean; state: boolean } {
  switch (bondClass) {
    case 'municipal':
      return { federal: true, state: bondState === residency };
    case 'treasury':
      // 31 U.S.C. §3124: states may not tax interest on federal obligations.
      return { federal: false, state: true };
    case 'corporate':
      return { federal: false, state: false };
  }
}

/**
 * The share of a bond's interest the client keeps (SPEC 6.3-6.4): taxable interest pays the
 * federal rate and the surtax, interest not exempt from state tax pays the state rate, and a
 * private-activity municipal bond pays the AMT rate instead of nothing federally.
 */
export function keptShare(
  bond: { bondClass: BondClass; state: string; amt: boolean },
  rates: TaxRates,
): number {
  const exempt = exemptions(bond.bondClass, bond.state, rates.residency);
  const federal = exempt.federal ? (bond.amt ? rates.amt : 0) : rates.federal + rates.niit;
  const state = exempt.state ? 0 : rates.state;
  return 1 - federal - state;
}

/**
 * The yield a fully taxable bond would need to leave the client as much (SPEC 6.2): the
 * after-tax yield over what fully taxable interest keeps.
 */
export function taxEquivalentYield(afterTaxYield: number, rates: TaxRates): number {
  return afterTaxYield / (1 - combinedRate(rates));
}
