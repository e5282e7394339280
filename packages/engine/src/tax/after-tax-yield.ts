import type { TaxData, TaxRate } from '@ballast/contract';
import { type CashFlows, cashFlows } from '../bonds/cash-flows.ts';
import type { EpochDay } from '../dates.ts';
import { BOND_CLASSES, type BondClass, type BondUniverse } from '../market/market-data.ts';
import { discountAfterTaxYield, isDeMinimis } from './market-discount.ts';
import { STATE_TAX_RATES, TERRITORIES_EXEMPT_FROM_STATE_TAX } from './state-tax-rates.ts';

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

/**
 * What a bond's interest is exempt from, for a client in `residency` (SPEC 6.3): a municipal
 * bond's from the issuing state's tax, and a territory's from every state's.
 */
export function exemptions(
  bondClass: BondClass,
  bondState: string,
  residency: string,
): { federal: boolean; state: boolean } {
  switch (bondClass) {
    case 'municipal':
      return {
        federal: true,
        state: bondState === residency || TERRITORIES_EXEMPT_FROM_STATE_TAX.has(bondState),
      };
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

/** The kept share of SPEC 6.3-6.4 for bond `bond` of a universe. */
export function keptShareOf(universe: BondUniverse, bond: number, rates: TaxRates): number {
  return keptShare(
    {
      bondClass: BOND_CLASSES[universe.bondClass[bond] as number] as BondClass,
      state: universe.state[bond] as string,
      amt: universe.amt[bond] === 1,
    },
    rates,
  );
}

/**
 * What a market discount pays at redemption (SPEC 6.5): a de minimis discount is a capital gain,
 * taxed as a long-term one; a larger one is ordinary income, which for a treasury is interest on
 * a federal obligation (26 U.S.C. §1276(a)(4)) and so pays no state tax, while for a municipal
 * bond it pays state tax as well, the exemption covering interest only.
 */
export function discountTaxRate(bondClass: BondClass, deMinimis: boolean, rates: TaxRates): number {
  if (deMinimis) return rates.longTermGains;
  return rates.federal + rates.niit + (bondClass === 'treasury' ? 0 : rates.state);
}

/**
 * A bond's yield to worst after the client's taxes (SPEC 6.3-6.5), the one after-tax yield the
 * optimiser maximises and every after-tax or tax-equivalent figure reports: its interest keeps
 * the kept share; a bond bought below its redemption price also pays tax on the discount at
 * redemption. A premium is returned capital, so a bond at or above its redemption price keeps
 * the kept share of its yield.
 */
export function afterTaxYieldOf(
  universe: BondUniverse,
  bond: number,
  rates: TaxRates,
  asOf: EpochDay,
): number {
  const known = knownYields(universe, rates, asOf);
  const cached = known[bond] as number;
  if (!Number.isNaN(cached)) return cached;
  const found = searchAfterTaxYield(universe, bond, rates, asOf);
  known[bond] = found;
  return found;
}

/**
 * After-tax yields already found, per market and client: an advisor shaping one client's
 * strategy asks for the same bonds at the same rates run after run, and a discount bond's
 * after-tax yield is a root to search for. A few clients' worth are kept, the oldest let go.
 */
const knownByMarket = new WeakMap<BondUniverse, Map<string, Float64Array>>();
const CLIENTS_KEPT = 8;

function knownYields(universe: BondUniverse, rates: TaxRates, asOf: EpochDay): Float64Array {
  let byClient = knownByMarket.get(universe);
  if (!byClient) {
    byClient = new Map();
    knownByMarket.set(universe, byClient);
  }
  const key = [asOf, ...Object.values(rates)].join(' ');
  let known = byClient.get(key);
  if (!known) {
    const oldest = byClient.keys().next();
    if (byClient.size >= CLIENTS_KEPT && !oldest.done) byClient.delete(oldest.value);
    known = new Float64Array(universe.count).fill(Number.NaN);
    byClient.set(key, known);
  }
  return known;
}

function searchAfterTaxYield(
  universe: BondUniverse,
  bond: number,
  rates: TaxRates,
  asOf: EpochDay,
): number {
  const kept = keptShareOf(universe, bond, rates);
  const redemptionPrice = redemptionPriceOf(universe, bond);
  const price = universe.price[bond] as number;
  if (price >= redemptionPrice) return (universe.ytw[bond] as number) * kept;
  return discountAfterTaxYield(
    worstFlowsOf(universe, bond, asOf, redemptionPrice),
    price,
    redemptionPrice,
    { keptShare: kept, discountRate: discountRateOf(universe, bond, rates, asOf) },
    (universe.ytw[bond] as number) * kept,
  );
}

/**
 * The tax a bond's market discount pays at its worst redemption, per 100 of face (SPEC 6.5); 0
 * for a bond bought at or above its redemption price.
 */
export function discountTaxOf(
  universe: BondUniverse,
  bond: number,
  rates: TaxRates,
  asOf: EpochDay,
): number {
  const discount = redemptionPriceOf(universe, bond) - (universe.price[bond] as number);
  return discount > 0 ? discount * discountRateOf(universe, bond, rates, asOf) : 0;
}

function redemptionPriceOf(universe: BondUniverse, bond: number): number {
  return universe.worstDay[bond] === universe.maturity[bond]
    ? 100
    : (universe.callPrice[bond] as number);
}

function discountRateOf(
  universe: BondUniverse,
  bond: number,
  rates: TaxRates,
  asOf: EpochDay,
): number {
  const yearsToMaturity = ((universe.maturity[bond] as number) - asOf) / 365.25;
  return discountTaxRate(
    BOND_CLASSES[universe.bondClass[bond] as number] as BondClass,
    isDeMinimis(universe.price[bond] as number, yearsToMaturity),
    rates,
  );
}

/** Each universe's worst-redemption cash flows, by bond, kept from their first use (SPEC 6.5). */
const worstFlows = new WeakMap<BondUniverse, (CashFlows | undefined)[]>();

function worstFlowsOf(
  universe: BondUniverse,
  bond: number,
  asOf: EpochDay,
  redemptionPrice: number,
): CashFlows {
  let flows = worstFlows.get(universe);
  if (!flows) {
    flows = [];
    worstFlows.set(universe, flows);
  }
  let stream = flows[bond];
  if (!stream) {
    stream = cashFlows(
      {
        couponRate: universe.coupon[bond] as number,
        maturity: universe.maturity[bond] as number,
        dated: universe.dated[bond] as number,
      },
      asOf,
      { day: universe.worstDay[bond] as number, price: redemptionPrice },
    );
    flows[bond] = stream;
  }
  return stream;
}

/**
 * The yield a fully taxable bond would need to leave the client as much (SPEC 6.2): the
 * after-tax yield over what fully taxable interest keeps.
 */
export function taxEquivalentYield(afterTaxYield: number, rates: TaxRates): number {
  return afterTaxYield / (1 - combinedRate(rates));
}
