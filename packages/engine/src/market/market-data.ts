import type { EpochDay } from '../dates.ts';

/** The kinds of bond the strategies allocate among. */
export const BOND_CLASSES = ['municipal', 'corporate', 'treasury'] as const;
export type BondClass = (typeof BOND_CLASSES)[number];

/**
 * Every bond of the market, one array per field (struct of arrays): constructing a portfolio
 * scans tens of thousands of bonds, and typed columns keep that scan in cache and out of the
 * garbage collector. Entry `i` of each column belongs to bond `i`.
 */
export type BondUniverse = {
  count: number;
  cusip: readonly string[];
  issuer: readonly string[];
  sector: readonly string[];
  /** Index into BOND_CLASSES. */
  bondClass: Uint8Array;
  /** The issuing state's abbreviation for a municipal bond, else the empty string. */
  state: readonly string[];
  /** Annual coupon rate, decimal. */
  coupon: Float64Array;
  dated: Int32Array;
  maturity: Int32Array;
  /** The first day the issuer may call at `callPrice`, and every anniversary after; -1 if none. */
  firstCall: Int32Array;
  callPrice: Float64Array;
  /** Index into the contract's CREDIT_UNIVERSE, 0 = AAA. */
  rating: Uint8Array;
  /** 1 (hardest to trade) to 100. */
  liquidity: Uint8Array;
  /** 1 for a private-activity municipal bond whose interest is subject to the AMT. */
  amt: Uint8Array;
  /**
   * The bond's yield over its class's reference yield (SPEC 3.4), decimal: how the bond is
   * priced on any day of the curve's history.
   */
  spread: Float64Array;
  /**
   * As of the market's date: clean price per 100, yield to worst, modified duration along the worst
   * redemption, convexity, all computed when the market loads (SPEC 3.6).
   */
  price: Float64Array;
  ytw: Float64Array;
  duration: Float64Array;
  convexity: Float64Array;
  /** The redemption day yield to worst assumes. */
  worstDay: Int32Array;
  /** Interest accrued per 100 of face on the market's date, which a buyer pays on top. */
  accrued: Float64Array;
};

/** The treasury curve of one day: yield (decimal) at a maturity in years. */
export type YieldCurve = (years: number) => number;

/** Daily closes of one series, aligned with `days`. */
export type PriceSeries = { days: Int32Array; values: Float64Array };

export type Token = {
  symbol: string;
  name: string;
  consensusMechanism: string;
  sector: string;
  /** Annual staking yield, decimal; 0 when the token cannot be staked. */
  stakingYield: number;
  /** Tokens in circulation, for market capitalisation. */
  supply: number;
};

/** Tokens with daily closes in USD; `prices[i]` belongs to `tokens[i]`, aligned with `days`. */
export type TokenMarket = {
  tokens: readonly Token[];
  days: Int32Array;
  prices: readonly Float64Array[];
  /** Daily traded value in USD, for the volume buckets. */
  volumes: readonly Float64Array[];
};

/**
 * Everything the engine reads about markets (docs/architecture.md "Market data"). A provider is
 * immutable: `version` names its content, and simulation hashes include it so a stored result is
 * never served for another market.
 */
export type MarketData = {
  version: string;
  /** The last day of data: "today" for simulations. */
  asOf: EpochDay;
  bonds: BondUniverse;
  /** Business days of the treasury curve's history, oldest first. */
  curveDays: Int32Array;
  /** The treasury curve on a day of `curveDays`, or the latest before it. */
  treasuryCurve(day: EpochDay): YieldCurve;
  tokens: TokenMarket;
  /** Total-return index levels of the bond and the token benchmark. */
  benchmarks: { bond: PriceSeries; token: PriceSeries };
};

/** A universe's text columns; the numeric ones are allocated to match. */
type BondNames = Pick<BondUniverse, 'cusip' | 'issuer' | 'sector' | 'state'>;

/** A universe of `names.cusip.length` bonds with every numeric column zeroed, to be filled. */
export function allocateBondUniverse(names: BondNames): BondUniverse {
  const count = names.cusip.length;
  return {
    count,
    ...names,
    bondClass: new Uint8Array(count),
    coupon: new Float64Array(count),
    dated: new Int32Array(count),
    maturity: new Int32Array(count),
    firstCall: new Int32Array(count),
    callPrice: new Float64Array(count),
    rating: new Uint8Array(count),
    liquidity: new Uint8Array(count),
    amt: new Uint8Array(count),
    spread: new Float64Array(count),
    price: new Float64Array(count),
    ytw: new Float64Array(count),
    duration: new Float64Array(count),
    convexity: new Float64Array(count),
    worstDay: new Int32Array(count),
    accrued: new Float64Array(count),
  };
}
