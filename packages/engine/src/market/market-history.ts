import { type EpochDay, formatIsoDate } from '../dates.ts';
import type { BondCashEvent, MarketDay, MarketHistory } from '../valuation/valuation-types.ts';
import { bondCashEvents } from './bond-cash-events.ts';
import {
  type BondPricingTerms,
  type BondRedemption,
  markOf,
  type PricedMark,
  pricingTermsOf,
  redemptionOf,
} from './bond-redemption.ts';
import { pickBonds, setPriceColumns } from './bond-universe.ts';
import type { MarketData, PriceSeries } from './market-data.ts';

/** What a history is made of: a market holding every bond ever listed and every day's series. */
export type HistorySource = {
  version: string;
  /**
   * Its series run to `lastDay` at least. Its bonds' price columns are priced here as of
   * `lastDay`, unless `pricedOnLastDay` says they already are (a vendor's prices of that day).
   */
  market: MarketData;
  pricedOnLastDay?: boolean;
  lastDay: EpochDay;
  /** The day each bond was first listed: calls before it were not made (SPEC 3.13). */
  listedOn: Int32Array;
};

/** Days of marks and markets kept: a run values many portfolios on one day, then the next. */
const DAYS_KEPT = 4;

/**
 * A market with every day from the first its series all cover to `lastDay` (SPEC 3.10-3.14).
 * A day's bond marks are computed when first asked and kept with the day, and each bond's
 * redemption once, so the thousands of portfolios valued on a day, which mostly hold the same
 * bonds, price each bond once.
 */
export function marketHistory(source: HistorySource): MarketHistory {
  const { lastDay, listedOn } = source;
  // The first day the curve, the tokens and both benchmarks all cover (SPEC 3.10).
  const firstDay = Math.max(
    ...[
      source.market.curveDays,
      source.market.tokens.days,
      source.market.benchmarks.bond.days,
      source.market.benchmarks.token.days,
    ].map((days) => days[0] as number),
  );
  // Its own version: it holds every bond ever listed, unlike any market a simulation reads.
  const market = {
    ...source.market,
    ...seriesThrough(source.market, lastDay),
    version: `${source.version}:every-bond@${formatIsoDate(lastDay)}`,
    asOf: lastDay,
  };
  const { bonds, tokens } = market;
  const cusipIndex = new Map(bonds.cusip.map((code, i) => [code, i]));
  const symbolIndex = new Map(tokens.tokens.map((token, i) => [token.symbol, i]));
  const terms: (BondPricingTerms | undefined)[] = new Array(bonds.count);
  const redemptions: (BondRedemption | undefined)[] = new Array(bonds.count);
  const termsOf = (index: number) => {
    let known = terms[index];
    if (known === undefined) {
      known = pricingTermsOf(bonds, index);
      terms[index] = known;
    }
    return known;
  };
  const redemptionFor = (index: number) => {
    let known = redemptions[index];
    if (known === undefined) {
      known = redemptionOf(
        termsOf(index),
        listedOn[index] as number,
        lastDay,
        market.treasuryCurve,
      );
      redemptions[index] = known;
    }
    return known;
  };
  const checkDay = (day: EpochDay) => {
    if (!(day >= firstDay && day <= lastDay)) {
      throw new RangeError(
        `The market covers ${formatIsoDate(firstDay)} to ${formatIsoDate(lastDay)}, not ${formatIsoDate(day)}.`,
      );
    }
  };

  const marketDay = (
    day: EpochDay,
  ): MarketDay & { mark(index: number): PricedMark | undefined } => {
    const curve = market.treasuryCurve(day);
    const marks = new Map<number, PricedMark | null>();
    const mark = (index: number) => {
      let known = marks.get(index);
      if (known === undefined) {
        // Most bonds of an earlier day are not issued yet or long redeemed: no terms needed.
        const outstanding =
          day >= (bonds.dated[index] as number) && day < (bonds.maturity[index] as number);
        known = outstanding
          ? (markOf(termsOf(index), redemptionFor(index), day, curve) ?? null)
          : null;
        marks.set(index, known);
      }
      return known ?? undefined;
    };
    const tokenAt = latestIndex(tokens.days, day);
    const levels = {
      bond: levelOn(market.benchmarks.bond, day),
      token: levelOn(market.benchmarks.token, day),
    };
    return {
      day,
      billYield: curve(0.25),
      bond: mark,
      mark,
      tokenPrice: (index) => (tokens.prices[index] as Float64Array)[tokenAt] as number,
      benchmark: (kind) => levels[kind],
    };
  };
  const days = keptByDay(marketDay);

  const marketAsOf = (day: EpochDay): MarketData => {
    const today = days(day);
    const outstanding: number[] = [];
    const marks: PricedMark[] = [];
    for (let i = 0; i < bonds.count; i++) {
      const priced = today.mark(i);
      if (priced) {
        outstanding.push(i);
        marks.push(priced);
      }
    }
    const picked = pickBonds(bonds, outstanding);
    marks.forEach((priced, i) => {
      setPriceColumns(picked, i, priced);
    });
    return {
      ...seriesThrough(market, day),
      version: `${source.version}@${formatIsoDate(day)}`,
      asOf: day,
      bonds: picked,
    };
  };
  const markets = keptByDay(marketAsOf);
  if (!source.pricedOnLastDay) {
    const today = days(lastDay);
    for (let i = 0; i < bonds.count; i++) setPriceColumns(bonds, i, today.mark(i));
  }

  return {
    version: source.version,
    market,
    firstDay,
    lastDay,
    bondIndex: (code) => cusipIndex.get(code),
    tokenIndex: (symbol) => symbolIndex.get(symbol),
    on(day) {
      checkDay(day);
      return days(day);
    },
    asOf(day) {
      checkDay(day);
      return markets(day);
    },
    cashEvents(index, from, to): BondCashEvent[] {
      return bondCashEvents(termsOf(index), redemptionFor(index), from, to);
    },
  };
}

/** `make(day)`, kept for the last few days asked. */
function keptByDay<T>(make: (day: EpochDay) => T): (day: EpochDay) => T {
  const kept = new Map<EpochDay, T>();
  return (day) => {
    let value = kept.get(day);
    if (value === undefined) {
      value = make(day);
      kept.set(day, value);
      if (kept.size > DAYS_KEPT) kept.delete(kept.keys().next().value as EpochDay);
    }
    return value;
  };
}

/** The index of the last of `days` on or before `day`, or -1 when all are after it. */
export function latestIndex(days: Int32Array, day: EpochDay): number {
  let low = 0;
  let high = days.length - 1;
  if (high < 0 || day < (days[0] as number)) return -1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((days[middle] as number) <= day) low = middle;
    else high = middle - 1;
  }
  return low;
}

const levelOn = (series: PriceSeries, day: EpochDay) =>
  series.values[latestIndex(series.days, day)] as number;

/** A market's curve, tokens and benchmarks up to `day`, as it stood that day. */
export function seriesThrough(
  market: MarketData,
  day: EpochDay,
): Pick<MarketData, 'curveDays' | 'treasuryCurve' | 'tokens' | 'benchmarks'> {
  const upTo = (days: Int32Array) => latestIndex(days, day) + 1;
  const tokenDays = upTo(market.tokens.days);
  const cut = (series: PriceSeries): PriceSeries => {
    const length = upTo(series.days);
    return { days: series.days.subarray(0, length), values: series.values.subarray(0, length) };
  };
  return {
    curveDays: market.curveDays.subarray(0, upTo(market.curveDays)),
    treasuryCurve: (asked) => market.treasuryCurve(Math.min(asked, day)),
    tokens: {
      tokens: market.tokens.tokens,
      days: market.tokens.days.subarray(0, tokenDays),
      prices: market.tokens.prices.map((series) => series.subarray(0, tokenDays)),
      volumes: market.tokens.volumes.map((series) => series.subarray(0, tokenDays)),
    },
    benchmarks: { bond: cut(market.benchmarks.bond), token: cut(market.benchmarks.token) },
  };
}
