import type { EpochDay } from '../dates.ts';
import type {
  Book,
  BookLot,
  DoNotTrade,
  LedgerEntry,
  MarketDay,
  MarketHistory,
  RecentLossSale,
} from './valuation-types.ts';

/**
 * What a day's valuation works on: the book as today's steps change it, the entries they write,
 * and what do-not-trade stopped. Each step of `valueDay` reads and changes it in turn (SPEC 12.2).
 */
export type DayState = {
  history: MarketHistory;
  day: EpochDay;
  today: MarketDay;
  cashCents: number;
  lots: BookLot[];
  recentLossSales: RecentLossSale[];
  realisedGainsCents: number;
  entries: LedgerEntry[];
  /** Proceeds less cost before fees and wash-sale adjustments of today's sales (SPEC 12.11). */
  realisedPriceChangeCents: number;
  dnt: DoNotTrade;
  /** Trades do-not-trade stopped, by what they were for, in cents (SPEC 12.10). */
  blockedTrades: Map<string, number>;
  /** Other sentences for the advisor: a withdrawal not paid in full, a strategy no bond meets. */
  notes: string[];
};

export function openDay(
  history: MarketHistory,
  day: EpochDay,
  book: Book,
  dnt: DoNotTrade,
): DayState {
  return {
    history,
    day,
    today: history.on(day),
    cashCents: book.cashCents,
    lots: book.lots.map((lot) => ({ ...lot })),
    recentLossSales: book.recentLossSales.map((sale) => ({ ...sale })),
    realisedGainsCents: book.realisedGainsCents ?? 0,
    entries: [],
    realisedPriceChangeCents: 0,
    dnt,
    blockedTrades: new Map(),
    notes: [],
  };
}

/** A lot's cost before its purchase fee and any wash-sale adjustment: what price changes count from. */
export const priceCostOf = (lot: BookLot): number =>
  lot.costCents - lot.feeCents - lot.washAdjustmentCents;

/** Quantity held of each instrument, in the order the book first holds them. */
export function holdingsOf(lots: readonly BookLot[]): Map<string, number> {
  const held = new Map<string, number>();
  for (const lot of lots) held.set(lot.instrument, (held.get(lot.instrument) ?? 0) + lot.quantity);
  return held;
}
