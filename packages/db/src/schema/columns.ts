import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** Timestamps are always with time zone, in UTC on the wire. */
export function timestampTz(name: string) {
  return timestamp(name, { withTimezone: true, mode: 'date' });
}

/** Money: cash and ledger amounts in US dollars, exact to the cent. */
export function usd(name: string) {
  return numeric(name, { precision: 20, scale: 2 });
}

/** Quantities: bond face or token units, exact to 18 decimals. */
export function units(name: string) {
  return numeric(name, { precision: 38, scale: 18 });
}
