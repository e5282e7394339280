import type { EpochDay } from '../dates.ts';
import type { YieldCurve } from './market-data.ts';
import type { Random } from './random.ts';

/**
 * A Nelson-Siegel curve: level, slope and curvature factors with one decay, the shape central
 * banks fit to treasury yields (Nelson and Siegel, "Parsimonious Modeling of Yield Curves",
 * Journal of Business 60, 1987).
 */
export type NelsonSiegel = { level: number; slope: number; curvature: number; decay: number };

/** Yields never fall below one basis point: the generated history has no negative rates. */
const FLOOR = 0.0001;

export function nelsonSiegelCurve({ level, slope, curvature, decay }: NelsonSiegel): YieldCurve {
  return (years) => {
    const x = Math.max(years, 1 / 365) / decay;
    const loading = (1 - Math.exp(-x)) / x;
    return Math.max(FLOOR, level + slope * loading + curvature * (loading - Math.exp(-x)));
  };
}

/** Mean, daily volatility and daily mean-reversion of each factor (SPEC 3.2). */
const FACTORS = {
  level: { mean: 0.042, volatility: 0.0006, reversion: 0.002, start: 0.038 },
  slope: { mean: -0.012, volatility: 0.0007, reversion: 0.004, start: -0.002 },
  curvature: { mean: 0.004, volatility: 0.0012, reversion: 0.006, start: 0.006 },
} as const;
const DECAY_YEARS = 1.8;

/** Weekdays from `first` to `last` inclusive (1970-01-01 was a Thursday). */
export function businessDays(first: EpochDay, last: EpochDay): Int32Array {
  const days: number[] = [];
  for (let day = first; day <= last; day++) {
    const weekday = (((day + 4) % 7) + 7) % 7;
    if (weekday !== 0 && weekday !== 6) days.push(day);
  }
  return Int32Array.from(days);
}

/**
 * A daily history of curves: each factor an Ornstein-Uhlenbeck walk toward its mean, with
 * fat-tailed shocks, so the history has calm stretches and sudden repricings.
 */
export function curveHistory(days: Int32Array, random: Random): NelsonSiegel[] {
  let state: NelsonSiegel = {
    level: FACTORS.level.start,
    slope: FACTORS.slope.start,
    curvature: FACTORS.curvature.start,
    decay: DECAY_YEARS,
  };
  const history: NelsonSiegel[] = [];
  for (let i = 0; i < days.length; i++) {
    state = nextCurve(state, random);
    history.push(state);
  }
  return history;
}

/** One weekday's step of the factors' walk (SPEC 3.2), also each day of an extension (3.10). */
export function nextCurve(previous: NelsonSiegel, random: Random): NelsonSiegel {
  const state = { ...previous };
  for (const name of ['level', 'slope', 'curvature'] as const) {
    const factor = FACTORS[name];
    state[name] +=
      factor.reversion * (factor.mean - state[name]) + factor.volatility * random.studentT(5);
  }
  // The short end stays positive: level plus slope is the overnight rate.
  state.level = Math.max(state.level, 0.005);
  state.slope = Math.max(state.slope, 0.0005 - state.level);
  return state;
}

/** The curve in force on `day`: that business day's, or the latest before it. */
export function curveOn(
  days: Int32Array,
  curves: readonly YieldCurve[],
  day: EpochDay,
): YieldCurve {
  let low = 0;
  let high = days.length - 1;
  if (day < (days[0] as number)) return curves[0] as YieldCurve;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((days[middle] as number) <= day) low = middle;
    else high = middle - 1;
  }
  return curves[low] as YieldCurve;
}
