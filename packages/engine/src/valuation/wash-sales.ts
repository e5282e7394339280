import { inWashSaleWindow, isSubstantiallyIdentical } from '../tax/wash-sale.ts';
import type { DayState } from './day-state.ts';
import { bondIdentityOf, instrumentOf } from './instruments.ts';
import type { BookLot, LedgerEntry } from './valuation-types.ts';

/** What a sale at a loss sold: one lot's instrument, purchase and holding period. */
type SoldLot = Pick<BookLot, 'instrument' | 'bought' | 'acquired'>;

/** The bond index of a lot's instrument, or undefined for a token (SPEC 4.5: no wash sale). */
function bondOf(state: DayState, instrument: string): number | undefined {
  const held = instrumentOf(state.history, instrument);
  return held.kind === 'bond' ? held.index : undefined;
}

function isIdentical(state: DayState, a: string, b: string): boolean {
  if (a === b) return true;
  const first = bondOf(state, a);
  const second = bondOf(state, b);
  if (first === undefined || second === undefined) return false;
  return isSubstantiallyIdentical(
    bondIdentityOf(state.history, first),
    bondIdentityOf(state.history, second),
  );
}

/**
 * Takes `quantity` of `lot` into a lot of its own, its cost, fee and adjustment pro rata in
 * cents, placed after it: a wash sale adjusts only the part of a purchase that replaced what was
 * sold (SPEC 12.9).
 */
function splitLot(lots: BookLot[], lot: BookLot, quantity: number): BookLot {
  if (quantity >= lot.quantity) return lot;
  const share = quantity / lot.quantity;
  const part: BookLot = {
    ...lot,
    quantity,
    costCents: Math.round(lot.costCents * share),
    feeCents: Math.round(lot.feeCents * share),
    washAdjustmentCents: Math.round(lot.washAdjustmentCents * share),
  };
  lot.quantity -= quantity;
  lot.costCents -= part.costCents;
  lot.feeCents -= part.feeCents;
  lot.washAdjustmentCents -= part.washAdjustmentCents;
  lots.splice(lots.indexOf(lot) + 1, 0, part);
  return part;
}

/** Adds a disallowed loss to a replacement lot's basis and tacks the sold lot's holding period. */
function adjust(lot: BookLot, disallowedCents: number, soldAcquired: number, soldDay: number) {
  lot.costCents += disallowedCents;
  lot.washAdjustmentCents += disallowedCents;
  // 26 U.S.C. §1223(3): the replacement's holding period includes the sold lot's.
  lot.acquired = Math.min(lot.acquired, lot.bought - (soldDay - soldAcquired));
}

/**
 * A bond lot sold today at a loss (SPEC 12.9): the part of it matched by purchases of
 * substantially identical bonds in the 30 days before (lots still held, bought on another day
 * than the lot sold and not already adjusted) has its loss disallowed and added to those lots'
 * basis; the rest is remembered 31 days, for purchases that follow. Returns the loss disallowed.
 */
export function washLossOnSale(
  state: DayState,
  sold: SoldLot,
  quantity: number,
  lossCents: number,
): number {
  if (bondOf(state, sold.instrument) === undefined || lossCents <= 0) return 0;
  let unmatched = quantity;
  let disallowed = 0;
  const replacements = state.lots.filter(
    (lot) =>
      lot.quantity > 0 &&
      lot.washAdjustmentCents === 0 &&
      inWashSaleWindow(state.day, lot.bought) &&
      !(lot.instrument === sold.instrument && lot.bought === sold.bought) &&
      isIdentical(state, lot.instrument, sold.instrument),
  );
  for (const candidate of replacements) {
    if (unmatched <= 0) break;
    const matched = Math.min(unmatched, candidate.quantity);
    const part = Math.round((lossCents * (quantity - unmatched + matched)) / quantity) - disallowed;
    adjust(splitLot(state.lots, candidate, matched), part, sold.acquired, state.day);
    disallowed += part;
    unmatched -= matched;
  }
  if (unmatched > 0) {
    state.recentLossSales.push({
      instrument: sold.instrument,
      day: state.day,
      lossCents: lossCents - disallowed,
      quantity: unmatched,
      acquired: sold.acquired,
    });
  }
  return disallowed;
}

/**
 * A bond lot bought today within 30 days after a sale at a loss of a substantially identical
 * bond (SPEC 12.9): its share of the loss still open is disallowed and added to its basis, and
 * the purchase's entry says so.
 */
export function washLossOnPurchase(state: DayState, lot: BookLot, entry: LedgerEntry): void {
  if (bondOf(state, lot.instrument) === undefined) return;
  // `rest` is the part of the purchase no loss has washed yet; each match is carved from it.
  const rest = lot;
  let unmatched = lot.quantity;
  for (const sale of state.recentLossSales) {
    if (unmatched <= 0) break;
    if (sale.quantity <= 0 || !inWashSaleWindow(sale.day, state.day)) continue;
    if (!isIdentical(state, sale.instrument, lot.instrument)) continue;
    const matched = Math.min(unmatched, sale.quantity);
    const disallowed = Math.round((sale.lossCents * matched) / sale.quantity);
    adjust(splitLot(state.lots, rest, matched), disallowed, sale.acquired, sale.day);
    sale.lossCents -= disallowed;
    sale.quantity -= matched;
    unmatched -= matched;
    entry.washedLoss = [
      ...(entry.washedLoss ?? []),
      { instrument: sale.instrument, soldDay: sale.day, disallowedCents: disallowed },
    ];
  }
}
