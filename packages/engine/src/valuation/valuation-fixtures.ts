/**
 * Small hand-made markets for the valuation's tests (SPEC 12): a few bonds with set terms and
 * prices, tokens with set closes and a flat bill yield, so every figure of a test can be worked
 * by hand. Not part of the engine's entry.
 */
import type { BondStrategyInput, StrategyInput, TokenStrategyInput } from '@ballast/contract';
import { makeBondStrategyInput, makeTokenStrategyInput } from '@ballast/contract/testing';
import type { Highs } from 'highs';
import { addMonths, days30360, type EpochDay, parseIsoDate } from '../dates.ts';
import { couponPerHundred } from '../market/bond-cash-events.ts';
import {
  allocateBondUniverse,
  BOND_CLASSES,
  type BondClass,
  type MarketData,
  type TokenMarket,
} from '../market/market-data.ts';
import { decimalFraction, fraction } from './cents.ts';
import type {
  BondCashEvent,
  BondMark,
  Book,
  BookLot,
  MarketDay,
  MarketHistory,
  ValuationDay,
  ValuedDay,
} from './valuation-types.ts';
import { valueDay } from './value-day.ts';

export type FixtureBond = {
  cusip: string;
  issuer: string;
  bondClass: BondClass;
  /** The issuing state of a municipal bond. */
  state?: string;
  /** Annual coupon, decimal. */
  coupon: number;
  maturity: string;
  /** Index into CREDIT_UNIVERSE; AA (2) unless set. */
  rating?: number;
  /** Clean price per 100, on every day or by day. */
  price: number | ((day: EpochDay) => number);
  ytw?: number;
  duration?: number;
  /** The day the issuer calls the whole issue, a coupon day, and the price it pays. */
  call?: { day: string; price: number };
};

export type FixtureToken = {
  symbol: string;
  name?: string;
  stakingYield?: number;
  close: number | ((day: EpochDay) => number);
};

export type FixtureOptions = {
  firstDay: string;
  lastDay: string;
  bonds?: readonly FixtureBond[];
  tokens?: readonly FixtureToken[];
  /** The three-month bill yield every day, decimal. */
  billYield?: number;
};

const valueOn = (value: number | ((day: EpochDay) => number), day: EpochDay) =>
  typeof value === 'number' ? value : value(day);

/** The bond's last coupon day on or before `day`, counted back from maturity (SPEC 2.1). */
function lastCouponDay(maturity: EpochDay, day: EpochDay): EpochDay {
  let periods = 0;
  while (addMonths(maturity, -6 * periods) > day) periods++;
  return addMonths(maturity, -6 * periods);
}

/** Interest accrued per 100 of face on `day` under 30/360 (SPEC 2.2). */
export function accruedOn(bond: FixtureBond, day: EpochDay): number {
  const maturity = parseIsoDate(bond.maturity);
  return (bond.coupon * 100 * days30360(lastCouponDay(maturity, day), day)) / 360;
}

/** The day the bond is redeemed: its call, or its maturity. */
const redemptionOf = (bond: FixtureBond) =>
  bond.call ? parseIsoDate(bond.call.day) : parseIsoDate(bond.maturity);

export function fixtureMarket(options: FixtureOptions): MarketHistory {
  const firstDay = parseIsoDate(options.firstDay);
  const lastDay = parseIsoDate(options.lastDay);
  const bonds = options.bonds ?? [];
  const tokens = options.tokens ?? [];
  const billYield = options.billYield ?? 0;
  const days = Int32Array.from({ length: lastDay - firstDay + 1 }, (_, i) => firstDay + i);
  const markOf = (index: number, day: EpochDay): BondMark | undefined => {
    const bond = bonds[index] as FixtureBond;
    if (day >= redemptionOf(bond)) return undefined;
    return {
      price: valueOn(bond.price, day),
      accrued: accruedOn(bond, day),
      ytw: bond.ytw ?? bond.coupon,
      duration: bond.duration ?? 5,
    };
  };
  const universeOn = (day: EpochDay) => {
    const universe = allocateBondUniverse({
      cusip: bonds.map((bond) => bond.cusip),
      issuer: bonds.map((bond) => bond.issuer),
      sector: bonds.map(() => 'General'),
      state: bonds.map((bond) => bond.state ?? ''),
    });
    bonds.forEach((bond, i) => {
      const mark = markOf(i, day);
      universe.bondClass[i] = BOND_CLASSES.indexOf(bond.bondClass);
      universe.coupon[i] = bond.coupon;
      universe.maturity[i] = parseIsoDate(bond.maturity);
      universe.dated[i] = addMonths(parseIsoDate(bond.maturity), -120);
      universe.firstCall[i] = -1;
      universe.callPrice[i] = 100;
      universe.rating[i] = bond.rating ?? 2;
      universe.liquidity[i] = 50;
      universe.worstDay[i] = redemptionOf(bond);
      universe.price[i] = mark?.price ?? 100;
      universe.accrued[i] = mark?.accrued ?? 0;
      universe.ytw[i] = mark?.ytw ?? bond.coupon;
      universe.duration[i] = mark?.duration ?? 0;
    });
    return universe;
  };
  const tokenMarketTo = (last: EpochDay): TokenMarket => {
    const upTo = days.filter((day) => day <= last);
    return {
      tokens: tokens.map((token) => ({
        symbol: token.symbol,
        name: token.name ?? token.symbol,
        consensusMechanism: 'Proof of Stake',
        sector: 'Platform',
        stakingYield: token.stakingYield ?? 0,
        supply: 1_000_000,
      })),
      days: upTo,
      prices: tokens.map((token) => Float64Array.from(upTo, (day) => valueOn(token.close, day))),
      volumes: tokens.map(() => new Float64Array(upTo.length)),
    };
  };
  const flat = { days, values: new Float64Array(days.length).fill(100) };
  const marketAsOf = (day: EpochDay): MarketData => ({
    version: 'fixture',
    asOf: day,
    bonds: universeOn(day),
    curveDays: days.filter((curveDay) => curveDay <= day),
    treasuryCurve: () => () => billYield,
    tokens: tokenMarketTo(day),
    benchmarks: { bond: flat, token: flat },
  });
  const market = marketAsOf(lastDay);
  const bondIndex = new Map(bonds.map((bond, i) => [bond.cusip, i]));
  const tokenIndex = new Map(tokens.map((token, i) => [token.symbol, i]));
  return {
    version: 'fixture',
    market,
    firstDay,
    lastDay,
    bondIndex: (cusip) => bondIndex.get(cusip),
    tokenIndex: (symbol) => tokenIndex.get(symbol),
    on: (day): MarketDay => ({
      day,
      bond: (index) => markOf(index, day),
      tokenPrice: (index) => valueOn((tokens[index] as FixtureToken).close, day),
      benchmark: () => 100,
      billYield,
    }),
    asOf: marketAsOf,
    cashEvents: (index, from, to) => {
      const bond = bonds[index] as FixtureBond;
      const maturity = parseIsoDate(bond.maturity);
      const redemption = redemptionOf(bond);
      const events: BondCashEvent[] = [];
      const coupons: EpochDay[] = [];
      for (let k = 0; addMonths(maturity, -6 * k) > from; k++) {
        coupons.unshift(addMonths(maturity, -6 * k));
      }
      for (const day of coupons) {
        if (day > to || day > redemption) continue;
        events.push({ kind: 'COUPON', day, perHundred: couponPerHundred(bond.coupon) });
      }
      if (redemption > from && redemption <= to) {
        events.push(
          bond.call
            ? { kind: 'CALL', day: redemption, perHundred: decimalFraction(bond.call.price) }
            : { kind: 'MATURITY', day: redemption, perHundred: fraction(100, 1) },
        );
      }
      return events;
    },
  };
}

/**
 * A generated market as a history that prices only on its own date: enough for a book opened
 * that day by the engine's construction.
 */
export function historyOnItsDate(market: MarketData): MarketHistory {
  const { bonds } = market;
  const bondIndex = new Map(bonds.cusip.map((cusip, i) => [cusip, i]));
  const tokenIndex = new Map(market.tokens.tokens.map((token, i) => [token.symbol, i]));
  const last = market.tokens.days.length - 1;
  const requireDate = (day: EpochDay) => {
    if (day !== market.asOf) throw new Error('This history prices only on its market date.');
  };
  return {
    version: market.version,
    market,
    firstDay: market.asOf,
    lastDay: market.asOf,
    bondIndex: (cusip) => bondIndex.get(cusip),
    tokenIndex: (symbol) => tokenIndex.get(symbol),
    on: (day) => {
      requireDate(day);
      return {
        day,
        bond: (index) => ({
          price: bonds.price[index] as number,
          accrued: bonds.accrued[index] as number,
          ytw: bonds.ytw[index] as number,
          duration: bonds.duration[index] as number,
        }),
        tokenPrice: (index) => (market.tokens.prices[index] as Float64Array)[last] as number,
        benchmark: () => 100,
        billYield: market.treasuryCurve(day)(0.25),
      };
    },
    asOf: (day) => {
      requireDate(day);
      return market;
    },
    cashEvents: () => [],
  };
}

/** A token strategy of fixed weights (percent by symbol), rebalanced quarterly, nothing else on. */
export function fixedTokenStrategy(
  weights: Record<string, number>,
  options: Partial<TokenStrategyInput['strategy']['tax_options']> & { frequency?: string } = {},
): TokenStrategyInput {
  const { frequency = 'QUARTERLY', ...taxOptions } = options;
  return makeTokenStrategyInput({
    strategy: {
      assets: Object.entries(weights).map(([instrument, target_pct]) => ({
        instrument,
        target_pct,
      })),
      token_universe: 'TOP_10',
      calculation_methodology: 'FIXED',
      recalculation_frequency: frequency,
      constraints: { exclude: [], limits: [] },
      tax_options: {
        tax_loss_harvest: false,
        tax_accounting_method: 'FIFO',
        total_tax_budget: null,
        staking: false,
        ...taxOptions,
      },
    },
  });
}

/** The house bond strategy of the contract's factories, harvesting off unless asked. */
export function bondStrategy(
  taxOptions: Partial<BondStrategyInput['strategy']['tax_options']> = {},
): BondStrategyInput {
  const input = makeBondStrategyInput();
  return {
    ...input,
    strategy: {
      ...input.strategy,
      tax_options: { ...input.strategy.tax_options, tax_loss_harvest: false, ...taxOptions },
    },
  };
}

/** A lot bought on `bought` (ISO) for `costCents`, with no fee or adjustment unless given. */
export function lotOf(
  instrument: string,
  quantity: number,
  costCents: number,
  bought: string,
  more: Partial<BookLot> = {},
): BookLot {
  const day = parseIsoDate(bought);
  return {
    instrument,
    quantity,
    costCents,
    feeCents: 0,
    washAdjustmentCents: 0,
    acquired: day,
    bought: day,
    ...more,
  };
}

/** One day to value: the market, the day (ISO) and the rest of `ValuationDay` as given. */
export type DayInput = Partial<Omit<ValuationDay, 'day' | 'previousDay'>> & {
  day: string;
  strategy: StrategyInput;
};

/**
 * Values days in order, each starting from the last one's book and figures (the first from
 * `book` with no previous day), as the daily job does.
 */
export function valueDays(
  market: MarketHistory,
  book: Book,
  days: readonly DayInput[],
  solver: Highs,
): ValuedDay[] {
  const valued: ValuedDay[] = [];
  let previousDay: EpochDay | null = null;
  let current = book;
  for (const input of days) {
    const last = valued[valued.length - 1];
    const day = parseIsoDate(input.day);
    const result = valueDay(
      {
        market,
        book: current,
        previous: last ? last.figures : null,
        strategyChanged: false,
        dnt: null,
        depositCents: 0,
        withdrawalCents: 0,
        ...input,
        day,
        previousDay,
      },
      solver,
    );
    valued.push(result);
    current = result.book;
    previousDay = day;
  }
  return valued;
}

/** A solver for books that never build a bond portfolio: the token and steady-state tests. */
export const NO_SOLVER = new Proxy({} as Highs, {
  get() {
    throw new Error('This test does not build a bond portfolio.');
  },
});
