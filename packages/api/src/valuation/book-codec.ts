/**
 * A book between the engine's shape (days as epoch days) and the stored one (ISO dates, so a
 * row reads plainly in the database).
 */
import type { StoredLossSale, StoredLot } from '@ballast/db';
import { type Book, formatIsoDate, parseIsoDate } from '@ballast/engine';

/** `convert` with each answer kept: for a pure function of a few distinct arguments. */
function memoized<K, V>(convert: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = convert(key);
      known.set(key, value);
    }
    return value;
  };
}

/**
 * A book's dates are converted each day it is valued, two for every lot, there and back; they are
 * a few hundred distinct days, so each is converted once. The calendar bounds both maps.
 */
const epochDayOf = memoized(parseIsoDate);
const isoDateOf = memoized(formatIsoDate);

export type StoredBook = {
  cashCents: number;
  lots: StoredLot[];
  recentLossSales: StoredLossSale[];
  realisedGainsCents: number;
};

export function bookOf(stored: StoredBook): Book {
  return {
    cashCents: stored.cashCents,
    lots: stored.lots.map((lot) => ({
      ...lot,
      acquired: epochDayOf(lot.acquired),
      bought: epochDayOf(lot.bought),
    })),
    recentLossSales: stored.recentLossSales.map((sale) => ({
      ...sale,
      day: epochDayOf(sale.day),
      acquired: epochDayOf(sale.acquired),
    })),
    realisedGainsCents: stored.realisedGainsCents,
  };
}

export function storedBookOf(book: Book): StoredBook {
  return {
    cashCents: book.cashCents,
    lots: book.lots.map((lot) => ({
      ...lot,
      acquired: isoDateOf(lot.acquired),
      bought: isoDateOf(lot.bought),
    })),
    recentLossSales: book.recentLossSales.map((sale) => ({
      ...sale,
      day: isoDateOf(sale.day),
      acquired: isoDateOf(sale.acquired),
    })),
    realisedGainsCents: book.realisedGainsCents ?? 0,
  };
}

/** Cents to the `numeric(20,2)` text a money column takes, exactly. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** A money column's text to cents, exactly (never through a float of dollars). */
export function centsOf(text: string | null): number {
  if (text === null) return 0;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -cents : cents;
}
