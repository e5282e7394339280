import { type AssetLine, CREDIT_UNIVERSE, type TaxData } from '@ballast/contract';
import { formatIsoDate } from '../dates.ts';
import { BOND_CLASSES, type BondClass } from '../market/market-data.ts';
import { keptShareOf, taxEquivalentYield, taxRatesOf } from '../tax/after-tax-yield.ts';
import { toDollars } from './cents.ts';
import { type DayState, holdingsOf, priceCostOf } from './day-state.ts';
import { type Instrument, instrumentOf } from './instruments.ts';
import type { BondMark, DayFigures } from './valuation-types.ts';

/** One instrument held at the end of the day, marked (SPEC 12.11). */
export type Position = {
  instrument: string;
  held: Instrument;
  quantity: number;
  /** Clean value (bonds) or close × units (tokens), cents; cost before fees when unpriced. */
  valueCents: number;
  accruedCents: number;
  /** Tax basis of the lots: cost, fees and wash-sale adjustments. */
  basisCents: number;
  priceCostCents: number;
  bondMark: BondMark | undefined;
  price: number | undefined;
};

/**
 * Every instrument held, marked at today's prices and rounded to cents per instrument (SPEC
 * 12.11). An instrument the market does not price today is carried at its cost before fees, so
 * it moves no price figure, and counts as not analysed.
 */
export function positionsOf(state: DayState): Position[] {
  const basis = new Map<string, { basis: number; priceCost: number }>();
  for (const lot of state.lots) {
    const sums = basis.get(lot.instrument) ?? { basis: 0, priceCost: 0 };
    sums.basis += lot.costCents;
    sums.priceCost += priceCostOf(lot);
    basis.set(lot.instrument, sums);
  }
  return [...holdingsOf(state.lots)].map(([instrument, quantity]) => {
    const held = instrumentOf(state.history, instrument);
    const sums = basis.get(instrument) as { basis: number; priceCost: number };
    const bondMark = held.kind === 'bond' ? state.today.bond(held.index) : undefined;
    const close = held.kind === 'token' ? state.today.tokenPrice(held.index) : undefined;
    const price = bondMark ? bondMark.price : close !== undefined && close > 0 ? close : undefined;
    const valueCents =
      price === undefined
        ? sums.priceCost
        : Math.round(bondMark ? price * quantity : price * quantity * 100);
    return {
      instrument,
      held,
      quantity,
      valueCents,
      accruedCents: bondMark ? Math.round(bondMark.accrued * quantity) : 0,
      basisCents: sums.basis,
      priceCostCents: sums.priceCost,
      bondMark,
      price,
    };
  });
}

const percent4 = (share: number) => Math.round(share * 1e6) / 1e4;
const round4 = (value: number) => Math.round(value * 1e4) / 1e4;

/** Where a day starts from: the last day's NAV, unrealised figure and accrued interest. */
export type DayStart = { navCents: number; unrealisedCents: number; accruedCents: number };

/**
 * The day's figures (SPEC 12.12): NAV and its parts, and what moved it since the last day, so
 * that the identity of SPEC 12.13 holds to the cent; the bonds' yield, duration, tax-equivalent
 * yield and rating weighted by full value; the day's time-weighted return (SPEC 12.14).
 */
export function dayFigures(
  state: DayState,
  positions: readonly Position[],
  start: DayStart,
  flows: { depositCents: number; withdrawalCents: number },
  taxData: TaxData,
): DayFigures {
  let value = 0;
  let accrued = 0;
  let unrealised = 0;
  let unpriced = 0;
  for (const position of positions) {
    value += position.valueCents;
    accrued += position.accruedCents;
    unrealised += position.valueCents - position.priceCostCents;
    if (position.price === undefined) unpriced += position.valueCents;
  }
  const nav = state.cashCents + value + accrued;
  let income = accrued - start.accruedCents;
  let fees = 0;
  let gains = 0;
  let losses = 0;
  let harvested = 0;
  for (const entry of state.entries) {
    income += entry.incomeCents;
    fees += entry.feeCents;
    const gain = entry.realised?.gainCents ?? 0;
    if (gain > 0) gains += gain;
    else losses -= gain;
    if (entry.reason === 'HARVEST' && gain < 0) harvested -= gain;
  }
  // The first day too: from the cash the account opened with, so that the costs of opening are
  // part of its return since inception (SPEC 12.14).
  const base = start.navCents + flows.depositCents - flows.withdrawalCents;
  return {
    navCents: nav,
    cashCents: state.cashCents,
    accruedCents: accrued,
    unrealisedCents: unrealised,
    depositCents: flows.depositCents,
    withdrawalCents: flows.withdrawalCents,
    incomeCents: income,
    feesCents: fees,
    realisedPriceChangeCents: state.realisedPriceChangeCents,
    realisedGainCents: gains,
    realisedLossCents: losses,
    harvestedLossCents: harvested,
    dailyReturn: base > 0 ? nav / base - 1 : 0,
    ...bondFigures(state, positions, taxData),
    percentPortfolioAnalyzed: nav > 0 ? percent4((nav - unpriced) / nav) : 100,
    numberOfHoldings: positions.length,
  };
}

/**
 * Yield to worst and duration weighted by each bond's full value (SPEC 8.1), in percent and in
 * years to four places as the bond results show them; the tax-equivalent yield from each bond's
 * yield to worst kept after tax (SPEC 6.3-6.4) made taxable (SPEC 6.2); the notch nearest the
 * weighted notch (SPEC 8.2). Null without bonds.
 */
function bondFigures(state: DayState, positions: readonly Position[], taxData: TaxData) {
  const rates = taxRatesOf(taxData);
  const { bonds } = state.history.market;
  let total = 0;
  let ytw = 0;
  let duration = 0;
  let kept = 0;
  let rating = 0;
  for (const position of positions) {
    const mark = position.bondMark;
    if (!mark) continue;
    const weight = position.valueCents + position.accruedCents;
    const index = position.held.index;
    total += weight;
    ytw += weight * mark.ytw;
    duration += weight * mark.duration;
    kept += weight * mark.ytw * keptShareOf(bonds, index, rates);
    rating += weight * (bonds.rating[index] as number);
  }
  if (total <= 0) return { ytw: null, duration: null, tey: null, averageRating: null };
  return {
    ytw: percent4(ytw / total),
    duration: round4(duration / total),
    tey: percent4(taxEquivalentYield(kept / total, rates)),
    averageRating: CREDIT_UNIVERSE[Math.round(rating / total)] ?? null,
  };
}

const BOND_ASSET_CLASSES: Record<BondClass, string> = {
  municipal: 'national_municipal_bonds',
  corporate: 'corporate_bonds',
  treasury: 'treasury_bonds',
};

/**
 * The day's asset lines (docs/product.md "Asset line", SPEC 12.12): cash, then each instrument
 * held. A bond's value is its clean value and accrued interest, its price the clean price per
 * 100, its gain the clean value over its basis; a municipal bond of the client's state is
 * in-state.
 */
export function assetLines(
  state: DayState,
  positions: readonly Position[],
  navCents: number,
  taxData: TaxData,
): AssetLine[] {
  const share = (cents: number) => (navCents > 0 ? percent4(cents / navCents) : 0);
  const { bonds, tokens } = state.history.market;
  const cash: AssetLine = {
    asset_class: 'cash',
    cost_basis: toDollars(state.cashCents),
    current_value_usd: toDollars(state.cashCents),
    cusip: null,
    description: 'Cash',
    duration: null,
    last_price_usd: 1,
    percent_account: share(state.cashCents),
    quantity: toDollars(state.cashCents),
    total_gain_loss_usd: 0,
    ytw: null,
    in_state_flag: 'false',
  };
  const lines = positions.map((position): AssetLine => {
    const full = position.valueCents + position.accruedCents;
    const common = {
      cost_basis: toDollars(position.basisCents),
      current_value_usd: toDollars(full),
      last_price_usd: position.price ?? 0,
      percent_account: share(full),
      quantity: position.quantity,
      total_gain_loss_usd: toDollars(position.valueCents - position.basisCents),
    };
    const index = position.held.index;
    if (position.held.kind === 'token') {
      return {
        ...common,
        asset_class: 'token',
        cusip: null,
        description: tokens.tokens[index]?.name ?? position.instrument,
        duration: null,
        ytw: null,
        in_state_flag: 'false',
      };
    }
    const bondClass = BOND_CLASSES[bonds.bondClass[index] as number] as BondClass;
    const isInState = bondClass === 'municipal' && bonds.state[index] === taxData.tax_residency;
    const coupon = round4((bonds.coupon[index] as number) * 100);
    return {
      ...common,
      asset_class: isInState ? 'in_state_municipal_bonds' : BOND_ASSET_CLASSES[bondClass],
      cusip: position.instrument,
      description: `${bonds.issuer[index]} ${coupon}% ${formatIsoDate(bonds.maturity[index] as number)}`,
      duration: position.bondMark ? round4(position.bondMark.duration) : null,
      ytw: position.bondMark ? percent4(position.bondMark.ytw) : null,
      in_state_flag: isInState ? 'true' : 'false',
    };
  });
  return [cash, ...lines];
}
