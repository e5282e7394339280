import type { EpochDay } from '../dates.ts';
import {
  bondBenchmarkReturn,
  type GeneratedMarketParts,
  tokenBenchmarkGrowth,
} from './generated-market.ts';
import { calendarDays, dailyLogReturns, tradedValue } from './generated-tokens.ts';
import type { MarketData, PriceSeries, YieldCurve } from './market-data.ts';
import { streamRandom } from './random.ts';
import { businessDays, curveOn, nelsonSiegelCurve, nextCurve } from './treasury-curve.ts';

/** The streams of an extension day's draws (SPEC 3.10), apart from the market's own. */
const STREAMS = { curve: 1, tokens: 2 } as const;

/**
 * The generated market carried on past its date to `through` (SPEC 3.10): the curve's factors
 * walk on each weekday, the tokens on each calendar day, and both benchmarks follow. Each day
 * draws from its own stream of the seed and the day, so a day's values are the same however
 * far the market is carried. A `through` before the market's date leaves it as it is.
 */
export function extendGeneratedMarket(
  parts: GeneratedMarketParts,
  seed: number,
  through: EpochDay,
): MarketData {
  const { market } = parts;
  if (through <= market.asOf) return market;
  const curve = extendCurve(parts, seed, through);
  const tokens = extendTokens(parts, seed, through);
  const tokenGrowth = (day: number) =>
    tokenBenchmarkGrowth(
      tokens.tokens,
      (i) => (tokens.prices[i] as Float64Array)[day - 1] as number,
      (i) => (tokens.prices[i] as Float64Array)[day] as number,
    );
  return {
    ...market,
    asOf: through,
    curveDays: curve.days,
    treasuryCurve: curve.treasuryCurve,
    tokens,
    benchmarks: {
      bond: continued(market.benchmarks.bond, curve.days, (i) => {
        const elapsed = (curve.days[i] as number) - (curve.days[i - 1] as number);
        return (
          1 +
          bondBenchmarkReturn(
            curve.curves[i - 1] as YieldCurve,
            curve.curves[i] as YieldCurve,
            elapsed,
          )
        );
      }),
      token: continued(market.benchmarks.token, tokens.days, tokenGrowth),
    },
  };
}

function extendCurve(parts: GeneratedMarketParts, seed: number, through: EpochDay) {
  const { market, curveFactors } = parts;
  const newDays = businessDays(market.asOf + 1, through);
  let state = curveFactors[curveFactors.length - 1];
  if (state === undefined) throw new Error('The market has no curve to extend.');
  const curves: YieldCurve[] = Array.from(market.curveDays, (day) => market.treasuryCurve(day));
  for (const day of newDays) {
    state = nextCurve(state, streamRandom(seed, STREAMS.curve, day));
    curves.push(nelsonSiegelCurve(state));
  }
  const days = concatDays(market.curveDays, newDays);
  return { days, curves, treasuryCurve: (day: EpochDay) => curveOn(days, curves, day) };
}

function extendTokens(parts: GeneratedMarketParts, seed: number, through: EpochDay) {
  const { market, tokenDynamics } = parts;
  const { tokens } = market.tokens;
  const newDays = calendarDays(market.asOf + 1, through);
  const days = concatDays(market.tokens.days, newDays);
  const known = market.tokens.days.length;
  const grown = (series: readonly Float64Array[]) =>
    series.map((values) => {
      const longer = new Float64Array(days.length);
      longer.set(values);
      return longer;
    });
  const prices = grown(market.tokens.prices);
  const volumes = grown(market.tokens.volumes);
  for (let at = known; at < days.length; at++) {
    const random = streamRandom(seed, STREAMS.tokens, days[at] as number);
    const returns = dailyLogReturns(tokenDynamics, random);
    tokens.forEach((token, i) => {
      const series = prices[i] as Float64Array;
      const close = (series[at - 1] as number) * Math.exp(returns[i] as number);
      series[at] = close;
      (volumes[i] as Float64Array)[at] = tradedValue(
        tokenDynamics,
        i,
        close * token.supply,
        random,
      );
    });
  }
  return { tokens, days, prices, volumes };
}

/** A series carried on over `days` (which start with its own), each level `growth(i)` times the last. */
function continued(
  series: PriceSeries,
  days: Int32Array,
  growth: (index: number) => number,
): PriceSeries {
  const values = new Float64Array(days.length);
  values.set(series.values);
  for (let i = series.values.length; i < days.length; i++) {
    values[i] = (values[i - 1] as number) * growth(i);
  }
  return { days, values };
}

function concatDays(known: Int32Array, added: Int32Array): Int32Array {
  const days = new Int32Array(known.length + added.length);
  days.set(known);
  days.set(added, known.length);
  return days;
}
