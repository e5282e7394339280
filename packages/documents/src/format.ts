/**
 * How figures read on a document. Negative money is in parentheses, as on a brokerage statement
 * (`($1,234.00)`); negative percentages carry a minus sign. Everything is formatted in en-US and
 * in UTC, so the same data gives the same text on any machine.
 */

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  currencySign: 'accounting',
});

const quantity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

const price = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A number of dollars rounded to the cent; `|| 0` turns a rounded -0 into 0, never `($0.00)`. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100) || 0;
}

/** The sum of amounts of money, added in whole cents so that it is exact. */
export function sumMoney(amounts: readonly number[]): number {
  return amounts.reduce((sum, amount) => sum + toCents(amount), 0) / 100;
}

export function formatMoney(dollars: number): string {
  return money.format(toCents(dollars) / 100);
}

/** The same amount shown as a reduction: `($25.00)` for a fee of 25. */
export function formatDeduction(dollars: number): string {
  return formatMoney(-dollars);
}

export function formatPercent(percent: number): string {
  const rounded = Math.round(percent * 100) / 100 || 0;
  return `${rounded.toFixed(2)}%`;
}

export function formatQuantity(value: number): string {
  return quantity.format(value);
}

export function formatPrice(value: number): string {
  return price.format(value);
}

/** `2026-01-31` → a UTC instant, for dates that are calendar days with no time of day. */
export function dateOf(isoDate: string): Date {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`not a YYYY-MM-DD date: ${isoDate}`);
  return date;
}

/** `2026-01-31` → `January 31, 2026`. */
export function formatLongDate(isoDate: string): string {
  return longDate.format(dateOf(isoDate));
}

/** `2026-01-31` → `01/31/2026`, as Form 8949 writes dates. */
export function formatShortDate(isoDate: string): string {
  const date = dateOf(isoDate);
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${twoDigits(date.getUTCMonth() + 1)}/${twoDigits(date.getUTCDate())}/${date.getUTCFullYear()}`;
}
