import { addMonths, type EpochDay, fromCivil, toCivil } from '../dates.ts';
import type { DayFigures } from './valuation-types.ts';

/** The periods a holding report gives returns for (docs/product.md "Holding report"). */
export const RETURN_PERIODS = ['1d', '1m', '3m', '6m', 'ytd', '1y', '3y', 'total'] as const;
export type ReturnPeriod = (typeof RETURN_PERIODS)[number];

const MONTHS: Partial<Record<ReturnPeriod, number>> = {
  '1m': 1,
  '3m': 3,
  '6m': 6,
  '1y': 12,
  '3y': 36,
};

/**
 * The day whose close a period ending on `end` starts from (SPEC 12.15): 1d the day before;
 * 1m, 3m, 6m, 1y and 3y the same day of the month that many months before, clamped to a
 * shorter month's last day (31 March less one month is 28 or 29 February); ytd the last day
 * of the previous year; total the account's first day. The period opens on the last day
 * valued on or before it.
 */
export function periodStart(period: ReturnPeriod, end: EpochDay, firstDay: EpochDay): EpochDay {
  if (period === '1d') return end - 1;
  if (period === 'ytd') return fromCivil({ year: toCivil(end).year, month: 1, day: 1 }) - 1;
  if (period === 'total') return firstDay;
  return addMonths(end, -(MONTHS[period] as number));
}

/** A day's figures as a return reads them. */
export type ReturnRow = { day: EpochDay } & Pick<
  DayFigures,
  | 'navCents'
  | 'unrealisedCents'
  | 'depositCents'
  | 'withdrawalCents'
  | 'incomeCents'
  | 'realisedPriceChangeCents'
  | 'feesCents'
  | 'dailyReturn'
>;

/** Daily returns linked: the product of (1 + r), less 1 (SPEC 12.15). */
export function linkReturns(returns: readonly number[]): number {
  return returns.reduce((product, r) => product * (1 + r), 1) - 1;
}

/**
 * A return over more than a year, a year's worth: (1 + R)^(365.25 / days) − 1, with days the
 * calendar days from the period's opening day to its last (SPEC 12.15); null for a year or less,
 * which is reported as it is.
 */
export function annualise(total: number, days: number): number | null {
  return days > 365 ? (1 + total) ** (365.25 / days) - 1 : null;
}

/** What moved the NAV over a period (SPEC 12.16): cents, and the returns as decimals. */
export type ReturnBridge = {
  opening: number;
  deposits: number;
  withdrawals: number;
  income: number;
  realisedPriceChange: number;
  unrealisedPriceChange: number;
  fees: number;
  closing: number;
  timeWeightedReturn: number;
  annualised: number | null;
};

/**
 * Sums a period's days into a bridge from its opening NAV to its closing one (SPEC 12.16).
 * `rows` are the days in order, the first the opening day, whose close the period starts
 * from and whose own figures are not part of it. Throws when the parts do not add up to the
 * change in NAV: a broken identity is a fault, not an answer.
 */
export function returnBridge(rows: readonly ReturnRow[]): ReturnBridge {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) throw new Error('A return bridge needs its opening day.');
  const sum = (field: keyof Omit<ReturnRow, 'day'>) =>
    rows.slice(1).reduce((total, row) => total + row[field], 0);
  const bridge = {
    opening: first.navCents,
    deposits: sum('depositCents'),
    withdrawals: sum('withdrawalCents'),
    income: sum('incomeCents'),
    realisedPriceChange: sum('realisedPriceChangeCents'),
    unrealisedPriceChange: last.unrealisedCents - first.unrealisedCents,
    fees: sum('feesCents'),
    closing: last.navCents,
  };
  const explained =
    bridge.deposits -
    bridge.withdrawals +
    bridge.income +
    bridge.realisedPriceChange +
    bridge.unrealisedPriceChange -
    bridge.fees;
  if (explained !== bridge.closing - bridge.opening) {
    throw new Error(
      `The return bridge does not add up: the NAV moved ${bridge.closing - bridge.opening} cents and its parts explain ${explained}.`,
    );
  }
  const timeWeightedReturn = linkReturns(rows.slice(1).map((row) => row.dailyReturn));
  return {
    ...bridge,
    timeWeightedReturn,
    annualised: annualise(timeWeightedReturn, last.day - first.day),
  };
}

/**
 * A period's bridge over the days valued, oldest first (SPEC 12.15-12.16), or null when the
 * account is younger than the period: no day was valued on or before its start.
 */
export function periodReturn(
  rows: readonly ReturnRow[],
  period: ReturnPeriod,
): ReturnBridge | null {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) return null;
  const start = periodStart(period, last.day, first.day);
  let opening = -1;
  for (let i = 0; i < rows.length && (rows[i] as ReturnRow).day <= start; i++) opening = i;
  return opening < 0 ? null : returnBridge(rows.slice(opening));
}
