import { addMonths, type EpochDay, formatIsoDate, parseIsoDate } from '../dates.ts';
import { GENERATED_BOND_COUNTS, generateBonds } from './generated-bonds.ts';
import { calendarDays, generateTokens, type TokenDynamics } from './generated-tokens.ts';
import type { MarketData, PriceSeries, Token, TokenMarket, YieldCurve } from './market-data.ts';
import { MUNICIPAL_RATIO } from './price-to-worst.ts';
import { seededRandom } from './random.ts';
import {
  businessDays,
  curveHistory,
  curveOn,
  type NelsonSiegel,
  nelsonSiegelCurve,
} from './treasury-curve.ts';

export type GeneratedMarketOptions = {
  seed?: number;
  /** The market's last day, "today" for simulations. */
  asOf?: string;
  /** Fewer bonds for quick tests; the bundled market uses GENERATED_BOND_COUNTS. */
  bondCounts?: typeof GENERATED_BOND_COUNTS;
};

/** The bundled market's seed and date: every machine builds the same market (SPEC 3.1). */
export const DEFAULT_MARKET = { seed: 20_261_030, asOf: '2026-10-30' } as const;

/** Years of daily history behind the market's date (SPEC 3.2, 3.7). */
const CURVE_YEARS = 6;
const TOKEN_YEARS = 5;

/** Duration and convexity of the municipal benchmark, a broad intermediate index. */
const BENCHMARK_DURATION = 6;
const BENCHMARK_CONVEXITY = 50;
const BENCHMARK_SPREAD = 0.0015;

/**
 * The name of the market `generatedMarket(options)` builds, known without building it: a
 * request's hash includes it, and an api process that leaves the computing to others must
 * name the same market as they do.
 */
export function generatedMarketVersion(options: GeneratedMarketOptions = {}): string {
  const seed = options.seed ?? DEFAULT_MARKET.seed;
  const asOf = formatIsoDate(parseIsoDate(options.asOf ?? DEFAULT_MARKET.asOf));
  const counts = options.bondCounts ?? GENERATED_BOND_COUNTS;
  return `generated-2:${seed}:${asOf}:${counts.municipal + counts.corporate + counts.treasury}`;
}

/**
 * The bundled market (docs/architecture.md "Market data"): a treasury curve history, a bond
 * universe priced off it, tokens with daily prices, and a benchmark for each kind, all from one
 * seed.
 */
export function generatedMarket(options: GeneratedMarketOptions = {}): MarketData {
  return generatedMarketParts(options).market;
}

/** The bundled market with the state its walks end in, which an extension continues (SPEC 3.10). */
export type GeneratedMarketParts = {
  market: MarketData;
  /** The curve's factors on each of `market.curveDays`. */
  curveFactors: readonly NelsonSiegel[];
  tokenDynamics: TokenDynamics;
};

export function generatedMarketParts(options: GeneratedMarketOptions = {}): GeneratedMarketParts {
  const seed = options.seed ?? DEFAULT_MARKET.seed;
  const asOf = parseIsoDate(options.asOf ?? DEFAULT_MARKET.asOf);
  const counts = options.bondCounts ?? GENERATED_BOND_COUNTS;
  // Separate streams, so a change to one part leaves the others as they were.
  const curveRandom = seededRandom(seed);
  const bondRandom = seededRandom(seed + 1);
  const tokenRandom = seededRandom(seed + 2);

  const curveDays = businessDays(addMonths(asOf, -12 * CURVE_YEARS), asOf);
  const curveFactors = curveHistory(curveDays, curveRandom);
  const curves = curveFactors.map(nelsonSiegelCurve);
  const treasuryCurve = (day: EpochDay) => curveOn(curveDays, curves, day);
  const bonds = generateBonds({ random: bondRandom, asOf, curveOn: treasuryCurve, counts });
  const { market: tokens, dynamics } = generateTokens(
    tokenRandom,
    calendarDays(addMonths(asOf, -12 * TOKEN_YEARS), asOf),
  );
  const market = {
    version: generatedMarketVersion(options),
    asOf,
    bonds,
    curveDays,
    treasuryCurve,
    tokens,
    benchmarks: { bond: bondBenchmark(curveDays, curves), token: tokenBenchmark(tokens) },
  };
  return { market, curveFactors, tokenDynamics: dynamics };
}

/**
 * A municipal index of constant duration (SPEC 3.8): each day it earns a day of its yield and
 * moves with that yield's change, to second order.
 */
function bondBenchmark(days: Int32Array, curves: readonly YieldCurve[]): PriceSeries {
  const values = new Float64Array(days.length);
  values[0] = 100;
  for (let i = 1; i < days.length; i++) {
    const elapsed = (days[i] as number) - (days[i - 1] as number);
    values[i] =
      (values[i - 1] as number) *
      (1 + bondBenchmarkReturn(curves[i - 1] as YieldCurve, curves[i] as YieldCurve, elapsed));
  }
  return { days, values };
}

/** The bond benchmark's return from one curve day to the next, `days` later (SPEC 3.8). */
export function bondBenchmarkReturn(before: YieldCurve, after: YieldCurve, days: number): number {
  const start = benchmarkYield(before);
  const change = benchmarkYield(after) - start;
  return (
    start * (days / 365) - BENCHMARK_DURATION * change + 0.5 * BENCHMARK_CONVEXITY * change ** 2
  );
}

const benchmarkYield = (curve: YieldCurve) => curve(7) * MUNICIPAL_RATIO + BENCHMARK_SPREAD;

/** The ten largest tokens by market value each day, weighted by it (SPEC 3.8). */
function tokenBenchmark(market: TokenMarket): PriceSeries {
  const { days, prices, tokens } = market;
  const values = new Float64Array(days.length);
  values[0] = 100;
  for (let day = 1; day < days.length; day++) {
    values[day] =
      (values[day - 1] as number) *
      tokenBenchmarkGrowth(
        tokens,
        (i) => (prices[i] as Float64Array)[day - 1] as number,
        (i) => (prices[i] as Float64Array)[day] as number,
      );
  }
  return { days, values };
}

/** The token benchmark's growth over one day from the closes before and after (SPEC 3.8). */
export function tokenBenchmarkGrowth(
  tokens: readonly Token[],
  before: (index: number) => number,
  after: (index: number) => number,
): number {
  const caps = tokens.map((token, i) => ({ i, cap: before(i) * token.supply }));
  const top = caps.sort((a, b) => b.cap - a.cap).slice(0, 10);
  const total = top.reduce((sum, entry) => sum + entry.cap, 0);
  let growth = 0;
  for (const { i, cap } of top) growth += (cap / total) * (after(i) / before(i));
  return growth;
}
