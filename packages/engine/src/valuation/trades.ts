import type { TaxAccountingMethod } from '@ballast/contract';
import { isLongTerm, type Lot, LotBook } from '../lots/lot-book.ts';
import { TOKEN_BACKTEST } from '../token-strategy/token-backtest.ts';
import { splitCents } from './cents.ts';
import type { DayState } from './day-state.ts';
import { instrumentOf, markOf } from './instruments.ts';
import type { BookLot, LedgerEntry, LedgerReason } from './valuation-types.ts';
import { washLossOnPurchase, washLossOnSale } from './wash-sales.ts';

/** The exchange's fee on a token bought or sold (SPEC 11.1). */
export const TOKEN_FEE = TOKEN_BACKTEST.fee;

/** A lot's share of a quantity taken from it, treating a rounding residue as the whole lot. */
const isWhole = (taken: number, lot: BookLot) => taken >= lot.quantity * (1 - 1e-12);

function addLot(
  state: DayState,
  entry: Omit<LedgerEntry, 'kind' | 'quantity' | 'instrument'> & { instrument: string },
  quantity: number,
  costCents: number,
): BookLot {
  const lot: BookLot = {
    instrument: entry.instrument,
    quantity,
    costCents,
    feeCents: entry.feeCents,
    washAdjustmentCents: 0,
    acquired: state.day,
    bought: state.day,
  };
  state.lots.push(lot);
  const full: LedgerEntry = { kind: 'BUY', ...entry, quantity };
  washLossOnPurchase(state, lot, full);
  state.entries.push(full);
  state.cashCents += entry.cashCents;
  return lot;
}

/**
 * Buys `face` of a bond at today's clean price, paying the interest accrued as well (SPEC
 * 12.5): the basis is the clean price, and the accrued interest paid is negative income, which
 * the first coupon returns. Nothing is bought on a day the market does not price the bond.
 */
export function buyBond(state: DayState, cusip: string, face: number, reason: LedgerReason) {
  const mark = markOf(state, cusip, face);
  if (!mark || face <= 0) return;
  addLot(
    state,
    {
      reason,
      instrument: cusip,
      cashCents: -(mark.valueCents + mark.accruedCents),
      incomeCents: -mark.accruedCents,
      feeCents: 0,
    },
    face,
    mark.valueCents,
  );
}

/**
 * Buys a token for a value of `grossCents` at today's close plus the 0.1 % fee (SPEC 11.1,
 * 12.5): the fee is rounded to the cent and is part of the lot's basis.
 */
function buyTokenWorth(state: DayState, symbol: string, grossCents: number, reason: LedgerReason) {
  const held = instrumentOf(state.history, symbol);
  const close = state.today.tokenPrice(held.index);
  if (grossCents <= 0 || !(close > 0)) return;
  const feeCents = Math.round(grossCents * TOKEN_FEE);
  addLot(
    state,
    { reason, instrument: symbol, cashCents: -(grossCents + feeCents), incomeCents: 0, feeCents },
    grossCents / (close * 100),
    grossCents + feeCents,
  );
}

/**
 * Spends at most `budgetCents` (and never more than the cash) on a token: the value bought is
 * the budget over 1.001 rounded down to the cent, so that it and its fee fit in the budget.
 */
export function buyTokenFor(
  state: DayState,
  symbol: string,
  budgetCents: number,
  reason: LedgerReason,
) {
  const budget = Math.min(budgetCents, state.cashCents);
  buyTokenWorth(state, symbol, Math.floor(budget / (1 + TOKEN_FEE) + 1e-9), reason);
}

/** A piece of one lot a sale or redemption takes, and what it brings in cents. */
export type Relief = {
  lot: BookLot;
  quantity: number;
  grossCents: number;
  accruedCents: number;
  feeCents: number;
};

/**
 * Relieves a piece of a lot (SPEC 4.1, 12.6): its cost, fee and wash-sale adjustment leave
 * pro rata in cents, the entry records what it realised, and a bond sold at a loss meets the
 * wash-sale rule. The price change counts from the cost before fees and adjustments; the tax
 * gain from the basis, with proceeds net of the sale's fee.
 */
export function relieve(
  state: DayState,
  piece: Relief,
  kind: 'SELL' | 'REDEMPTION',
  reason: LedgerReason,
): void {
  const { lot, quantity } = piece;
  const whole = isWhole(quantity, lot);
  const share = whole ? 1 : quantity / lot.quantity;
  const cost = whole ? lot.costCents : Math.round(lot.costCents * share);
  const fee = whole ? lot.feeCents : Math.round(lot.feeCents * share);
  const wash = whole ? lot.washAdjustmentCents : Math.round(lot.washAdjustmentCents * share);
  lot.quantity = whole ? 0 : lot.quantity - quantity;
  lot.costCents -= cost;
  lot.feeCents -= fee;
  lot.washAdjustmentCents -= wash;
  const proceeds = piece.grossCents - piece.feeCents;
  const disallowed =
    kind === 'SELL' && proceeds < cost ? washLossOnSale(state, lot, quantity, cost - proceeds) : 0;
  const gain = proceeds - cost + disallowed;
  state.realisedPriceChangeCents += piece.grossCents - (cost - fee - wash);
  state.entries.push({
    kind,
    reason,
    instrument: lot.instrument,
    quantity,
    cashCents: piece.grossCents + piece.accruedCents - piece.feeCents,
    incomeCents: piece.accruedCents,
    feeCents: piece.feeCents,
    realised: {
      acquired: lot.acquired,
      costCents: cost,
      proceedsCents: proceeds,
      gainCents: gain,
      term: isLongTerm(lot.acquired, state.day) ? 'LONG' : 'SHORT',
      washSaleDisallowedCents: disallowed,
    },
  });
  state.cashCents += piece.grossCents + piece.accruedCents - piece.feeCents;
}

/** Drops the lots sales and redemptions emptied. */
export function dropEmptied(state: DayState): void {
  state.lots = state.lots.filter((lot) => lot.quantity > 0);
}

/**
 * Splits a sale of pieces of lots of one instrument into what each piece brings: the whole
 * quantity is marked once (SPEC 12.11) and its value, accrued interest and fee shared out to
 * the cent by quantity.
 */
export function priceSale(
  state: DayState,
  instrument: string,
  pieces: readonly { lot: BookLot; quantity: number }[],
  feeRate: number,
): Relief[] {
  const quantities = pieces.map((piece) => piece.quantity);
  const total = quantities.reduce((sum, quantity) => sum + quantity, 0);
  const mark = markOf(state, instrument, total);
  if (!mark) return [];
  const gross = splitCents(mark.valueCents, quantities);
  const accrued = splitCents(mark.accruedCents, quantities);
  const fees = splitCents(Math.round(mark.valueCents * feeRate), quantities);
  return pieces.map((piece, i) => ({
    ...piece,
    grossCents: gross[i] as number,
    accruedCents: accrued[i] as number,
    feeCents: fees[i] as number,
  }));
}

export type SaleOptions = {
  method: TaxAccountingMethod;
  /** The share of the value sold a sale pays: the token fee, or a bond swap's cost. */
  feeRate?: number;
  /** Asked before each lot's gain (cents) is realised; a tax budget may stop the sale there. */
  mayRealiseGain?: (gainCents: number) => boolean;
};

/**
 * Sells `quantity` of an instrument, lots relieved in the order of the account's method
 * (SPEC 4.2) as `LotBook` finds it, each at today's mark (SPEC 12.6). Returns the quantity
 * sold, less than asked when a tax budget stops the sale or the market does not price it.
 */
export function sellQuantity(
  state: DayState,
  instrument: string,
  quantity: number,
  reason: LedgerReason,
  options: SaleOptions,
): number {
  const held = instrumentOf(state.history, instrument);
  const feeRate = options.feeRate ?? (held.kind === 'token' ? TOKEN_FEE : 0);
  const lots = state.lots.filter((lot) => lot.instrument === instrument && lot.quantity > 0);
  // Cents per unit: a bond's clean price per 100 is cents per dollar of face.
  const perUnit =
    held.kind === 'bond'
      ? (state.today.bond(held.index)?.price ?? 0)
      : state.today.tokenPrice(held.index) * 100;
  if (lots.length === 0 || !(perUnit > 0) || quantity <= 0) return 0;
  const book = new LotBook();
  const bookLots = new Map<Lot, BookLot>();
  for (const lot of lots) {
    book.buy(lot.quantity, lot.costCents / lot.quantity, lot.acquired);
    bookLots.set(book.lots[book.lots.length - 1] as Lot, lot);
  }
  const before = new Map([...bookLots.keys()].map((entry) => [entry, entry.quantity]));
  // The book's price is after the fee, so the gains it weighs are the tax gains.
  const price = perUnit * (1 - feeRate);
  book.sell(quantity, price, state.day, options.method, (gain) =>
    options.mayRealiseGain ? options.mayRealiseGain(Math.round(gain)) : true,
  );
  const pieces = [...bookLots].flatMap(([entry, lot]) => {
    const taken = (before.get(entry) as number) - Math.max(entry.quantity, 0);
    return taken > 0 ? [{ lot, quantity: isWhole(taken, lot) ? lot.quantity : taken }] : [];
  });
  const reliefs = priceSale(state, instrument, pieces, feeRate);
  for (const relief of reliefs) relieve(state, relief, 'SELL', reason);
  dropEmptied(state);
  return reliefs.reduce((sum, relief) => sum + relief.quantity, 0);
}
