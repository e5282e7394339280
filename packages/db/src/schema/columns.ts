import { customType, timestamp } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** Timestamps are always with time zone, in UTC on the wire. */
export function timestampTz(name: string) {
  return timestamp(name, { withTimezone: true, mode: 'date' });
}
