import { type BenchmarkReturns, periodReturn, type ReturnPeriod } from '@ballast/contract';
import { BENCHMARK_PERIODS } from '../holdings/holding-report.ts';

/**
 * The benchmark's return over each period a report shows it for, in percent to two places,
 * measured as the portfolio's own (contract return-periods): from the level at the close the
 * period starts from to the day's, annualised over a year, so the two compare. Null for a period
 * the account is too young for.
 */
export function benchmarkReturnsOf(
  levelOn: (date: string) => number,
  starts: ReadonlyMap<ReturnPeriod, string>,
  date: string,
): BenchmarkReturns {
  const today = levelOn(date);
  const returns: Record<string, number | null> = {};
  for (const period of BENCHMARK_PERIODS) {
    const start = starts.get(period);
    returns[period] = start
      ? Math.round(periodReturn(levelOn(start), today, start, date).value * 10_000) / 100
      : null;
  }
  return returns as BenchmarkReturns;
}
