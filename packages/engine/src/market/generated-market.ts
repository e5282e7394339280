import { addMonths, type EpochDay, formatIsoDate, parseIsoDate } from '../dates.ts';
import { GENERATED_BOND_COUNTS, generateBonds } from './generated-bonds.ts';
import { calendarDays, generateTokens } from './generated-tokens.ts';
import type { MarketData, PriceSeries, TokenMarket, YieldCurve } from './market-data.ts';
import { MUNICIPAL_RATIO } from './price-to-worst.ts';
import { seededRandom } from './random.ts';
import { businessDays, curveHistory, curveOn, nelsonSiegelCurve } from './treasury-curve.ts';

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
  const seed = options.seed ?? DEFAULT_MARKET.seed;
  const asOf = parseIsoDate(options.asOf ?? DEFAULT_MARKET.asOf);
  const counts = options.bondCounts ?? GENERATED_BOND_COUNTS;
  // Separate streams, so a change to one part leaves the others as they were.
  const curveRandom = seededRandom(seed);
  const bondRandom = seededRandom(seed + 1);
  const tokenRandom = seededRandom(seed + 2);

  const curveDays = businessDays(addMonths(asOf, -12 * CURVE_YEARS), asOf);
  const curves = curveHistory(curveDays, curveRandom).map(nelsonSiegelCurve);
  const treasuryCurve = (day: EpochDay) => curveOn(curveDays, curves, day);
  const bonds = generateBonds({ random: bondRandom, asOf, curveOn: treasuryCurve, counts });
  const tokens = generateTokens(
    tokenRandom,
    calendarDays(addMonths(asOf, -12 * TOKEN_YEARS), asOf),
  );
  return {
    version: generatedMarketVersion(options),
    asOf,
    bonds,
    curveDays,
    treasuryCurve,
    tokens,
    benchmarks: { bond: bondBenchmark(curveDays, curves), token: tokenBenchmark(tokens) },
  };
}

/**
 * A municipal index of constant duration (SPEC 3.8): each day it earns a day of its yield and
 * moves with that yield's change, to second order.
 */
function bondBenchmark(days: Int32Array, curves: readonly YieldCurve[]): PriceSeries {
  const values = new Float64Array(days.length);
  const yieldOn = (index: number) =>
    (curves[index] as YieldCurve)(7) * MUNICIPAL_RATIO + BENCHMARK_SPREAD;
  values[0] = 100;
  for (let i = 1; i < days.length; i++) {
    const before = yieldOn(i - 1);
    const change = yieldOn(i) - before;
    const elapsed = ((days[i] as number) - (days[i - 1] as number)) / 365;
    const dailyReturn =
      before * elapsed - BENCHMARK_DURATION * change + 0.5 * BENCHMARK_CONVEXITY * change ** 2;
    values[i] = (values[i - 1] as number) * (1 + dailyReturn);
  }
  return { days, values };
}

/** The ten largest tokens by market value each day, weighted by it (SPEC 3.8). */
function tokenBenchmark(market: TokenMarket): PriceSeries {
  const { days, prices, tokens } = market;
  const values = new Float64Array(days.length);
  values[0] = 100;
  for (let day = 1; day < days.length; day++) {
    const caps = tokens.map((token, i) => ({
      i,
      cap: ((prices[i] as Float64Array)[day - 1] as number) * token.supply,
    }));
    const top = caps.sort((a, b) => b.cap - a.cap).slice(0, 10);
    const total = top.reduce((sum, entry) => sum + entry.cap, 0);
    let growth = 0;
    for (const { i, cap } of top) {
      const series = prices[i] as Float64Array;
      growth += (cap / total) * ((series[day] as number) / (series[day - 1] as number));
    }
    values[day] = (values[day - 1] as number) * growth;
  }
  return { days, values };
}
