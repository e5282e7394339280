import type { EpochDay } from '../dates.ts';
import type { PriceSeries } from '../market/market-data.ts';

/**
 * A benchmark on a backtest's days, scaled to start at `initial`: each day takes the latest
 * level on or before it, so a benchmark published on other days still lines up.
 */
export function benchmarkOn(
  series: PriceSeries,
  days: ArrayLike<EpochDay>,
  initial: number,
): number[] {
  let j = 0;
  const levels = Array.from(days, (day) => {
    while (j + 1 < series.days.length && (series.days[j + 1] as number) <= day) j += 1;
    return series.values[j] as number;
  });
  const base = levels[0] as number;
  return levels.map((level) => (initial * level) / base);
}
