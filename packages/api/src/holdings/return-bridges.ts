/**
 * A report's returns opened into what made them: for each period, the value at the close it
 * starts from, the flows, income, price changes and fees of the days after it, and the closing
 * value. Each day's figures satisfy nav − previous nav = deposit − withdraw + income + realised
 * price change + (unrealised − previous unrealised) − fees, so the lines of a period add up; they
 * are summed in whole cents so that they add up to the cent.
 */
import {
  dayBefore,
  periodReturn,
  periodStart,
  RETURN_PERIODS,
  type ReturnBridge,
  type ReturnBridges,
  type ReturnPeriod,
} from '@ballast/contract';

export const TIME_WEIGHTED_METHOD =
  "Time-weighted: each day's return excludes that day's deposits and withdrawals, and the days " +
  'are linked by multiplication. Periods over a year are annualised.';

/**
 * One holding report's figures as the table stores them: money as numeric text, the bridge's
 * columns null on reports written before the daily valuation recorded them.
 */
export type BridgeReportRow = {
  reportDate: string;
  nav: string;
  depositUsd: string;
  withdrawUsd: string;
  income: string | null;
  fees: string | null;
  realizedPriceChange: string | null;
  unrealized: string | null;
  growthIndex: number | null;
};

type Day = {
  date: string;
  nav: number;
  deposit: number;
  withdraw: number;
  income: number;
  fees: number;
  realized: number;
  unrealized: number;
  growth: number;
};

/** Whole cents of a numeric(20,2) text; the product by 100 of two decimals rounds exactly. */
const cents = (amount: string) => Math.round(Number(amount) * 100);

function dayOf(row: BridgeReportRow): Day | null {
  const { income, fees, realizedPriceChange, unrealized, growthIndex } = row;
  if (
    income === null ||
    fees === null ||
    realizedPriceChange === null ||
    unrealized === null ||
    growthIndex === null
  ) {
    return null;
  }
  return {
    date: row.reportDate,
    nav: cents(row.nav),
    deposit: cents(row.depositUsd),
    withdraw: cents(row.withdrawUsd),
    income: cents(income),
    fees: cents(fees),
    realized: cents(realizedPriceChange),
    unrealized: cents(unrealized),
    growth: growthIndex,
  };
}

/** Before the first report the account held nothing, and a dollar had not grown yet. */
const NOTHING_HELD = { nav: 0, unrealized: 0, growth: 1 };

/**
 * One period's bridge, or null when a report it needs predates the bridge's figures. `rows` are
 * the portfolio's reports, oldest first, the last being the period's end, which is after `start`.
 * The opening is the last report on or before `start`; from the close before inception, or
 * before any report, the account held nothing.
 */
function bridgeOf(
  period: ReturnPeriod,
  start: string,
  opened: string,
  rows: readonly BridgeReportRow[],
): ReturnBridge | null {
  const end = rows.at(-1) as BridgeReportRow;
  const firstAfter = rows.findIndex((row) => row.reportDate > start);
  const openingRow = start > opened && firstAfter > 0 ? rows[firstAfter - 1] : undefined;
  const opening = openingRow ? dayOf(openingRow) : NOTHING_HELD;
  const days = rows.slice(firstAfter).map(dayOf);
  if (!opening || days.some((day) => day === null)) return null;
  const within = days as Day[];
  const closing = within.at(-1) as Day;
  const sum = (figure: (day: Day) => number) =>
    within.reduce((total, day) => total + figure(day), 0);
  const lines = {
    deposits: sum((day) => day.deposit),
    withdrawals: sum((day) => day.withdraw),
    income: sum((day) => day.income),
    realized: sum((day) => day.realized),
    unrealized: closing.unrealized - opening.unrealized,
    fees: sum((day) => day.fees),
  };
  const explained =
    opening.nav +
    lines.deposits -
    lines.withdrawals +
    lines.income +
    lines.realized +
    lines.unrealized -
    lines.fees;
  if (explained !== closing.nav) {
    // The valuation writes each day so that this holds; a gap means the stored days are broken.
    throw new Error(
      `The ${period} bridge to ${end.reportDate} explains ${explained} cents of a closing ${closing.nav}.`,
    );
  }
  const twr = periodReturn(opening.growth, closing.growth, start, end.reportDate);
  const usd = (amount: number) => amount / 100;
  return {
    period,
    start_date: start,
    end_date: end.reportDate,
    opening_value: usd(opening.nav),
    deposits: usd(lines.deposits),
    withdrawals: usd(lines.withdrawals),
    income: usd(lines.income),
    realized_price_change: usd(lines.realized),
    unrealized_price_change: usd(lines.unrealized),
    fees: usd(lines.fees),
    closing_value: usd(closing.nav),
    time_weighted_return_pct: twr.value * 100,
    annualized: twr.annualized,
    method: TIME_WEIGHTED_METHOD,
  };
}

/**
 * The bridge of every period the latest of `rows` (the portfolio's reports, oldest first) has a
 * return for (`periodStart`), for an account opened on `inceptionDate`. A period that reaches back
 * to a report without the bridge's figures is left out. Throws when `rows` is empty.
 */
export function computeReturnBridges(
  rows: readonly BridgeReportRow[],
  inceptionDate: string,
): ReturnBridges {
  const end = rows.at(-1);
  if (!end) throw new Error('A bridge needs at least one report.');
  const previous = rows.at(-2)?.reportDate ?? null;
  const opened = dayBefore(inceptionDate);
  const bridges: ReturnBridge[] = [];
  for (const period of RETURN_PERIODS) {
    const start = periodStart(period, end.reportDate, inceptionDate, previous);
    const bridge = start === null ? null : bridgeOf(period, start, opened, rows);
    if (bridge) bridges.push(bridge);
  }
  return { report_date: end.reportDate, bridges };
}
