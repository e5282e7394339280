import type { BondIdentity } from '../tax/wash-sale.ts';
import type { DayState } from './day-state.ts';
import type { MarketHistory } from './valuation-types.ts';

/** A CUSIP of the market's bonds or a symbol of its tokens, as an index into its columns. */
export type Instrument = { kind: 'bond'; index: number } | { kind: 'token'; index: number };

export function instrumentOf(history: MarketHistory, instrument: string): Instrument {
  const bond = history.bondIndex(instrument);
  if (bond !== undefined) return { kind: 'bond', index: bond };
  const token = history.tokenIndex(instrument);
  if (token !== undefined) return { kind: 'token', index: token };
  throw new Error(`The market has no instrument ${instrument}.`);
}

/** What a quantity of an instrument is worth today, in cents (SPEC 12.11). */
export type Mark = {
  /** Bonds: clean price × face / 100; tokens: close × units. */
  valueCents: number;
  /** Interest accrued on a bond's face; 0 for a token. */
  accruedCents: number;
};

/**
 * Today's mark of `quantity` of an instrument, rounded to cents, or undefined when the market
 * has no price for it today. A bond's clean price and accrued interest are per 100 of face, so
 * face × price / 100 dollars is face × price cents.
 */
export function markOf(state: DayState, instrument: string, quantity: number): Mark | undefined {
  const held = instrumentOf(state.history, instrument);
  if (held.kind === 'bond') {
    const mark = state.today.bond(held.index);
    if (!mark) return undefined;
    return {
      valueCents: Math.round(mark.price * quantity),
      accruedCents: Math.round(mark.accrued * quantity),
    };
  }
  const close = state.today.tokenPrice(held.index);
  if (!(close > 0)) return undefined;
  return { valueCents: Math.round(close * quantity * 100), accruedCents: 0 };
}

/** What decides whether two bonds are substantially identical (SPEC 4.5). */
export function bondIdentityOf(history: MarketHistory, index: number): BondIdentity {
  const { bonds } = history.market;
  return {
    issuer: bonds.issuer[index] as string,
    maturity: bonds.maturity[index] as number,
    coupon: bonds.coupon[index] as number,
  };
}
