/**
 * Performance statistics of a backtest, with the conventions of the empyrical library
 * (github.com/quantopian/empyrical, stats.py) where it has one (SPEC 5).
 */
import type { EpochDay } from '../dates.ts';

/** The calendar years a series of days spans, 365.25 days each (SPEC 5.2). */
export function calendarYears(days: ArrayLike<EpochDay>): number {
  return ((days[days.length - 1] as number) - (days[0] as number)) / 365.25;
}

/**
 * The periods a series of days has per calendar year (SPEC 5.2): its own frequency, so weekdays
 * with their holidays or gaps, or every calendar day, annualise at the rate they were observed.
 */
export function periodsPerYear(days: ArrayLike<EpochDay>): number {
  const years = calendarYears(days);
  return years > 0 ? (days.length - 1) / years : 0;
}

/** Simple period returns of a value series: r[t] = v[t] / v[t-1] - 1. */
export function periodReturns(values: ArrayLike<number>): number[] {
  const returns: number[] = [];
  for (let t = 1; t < values.length; t++) {
    returns.push((values[t] as number) / (values[t - 1] as number) - 1);
  }
  return returns;
}

/** Compounded return of a series of period returns. */
export function totalReturn(returns: readonly number[]): number {
  return returns.reduce((growth, r) => growth * (1 + r), 1) - 1;
}

/** Compound annual growth: (1 + total)^(periods per year / n) - 1 (empyrical annual_return). */
export function annualizedReturn(returns: readonly number[], periodsPerYear: number): number {
  if (returns.length === 0) return 0;
  return (1 + totalReturn(returns)) ** (periodsPerYear / returns.length) - 1;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Sample standard deviation (one degree of freedom less), 0 for fewer than two values. */
function sampleDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - m) ** 2, 0) / (values.length - 1));
}

/** Annualised volatility: sample deviation times the root of periods per year. */
export function volatility(returns: readonly number[], periodsPerYear: number): number {
  return sampleDeviation(returns) * Math.sqrt(periodsPerYear);
}

/**
 * Sharpe ratio (SPEC 5.4): the mean of the period returns in excess of the risk-free return of
 * the same period over their sample deviation, annualised by the root of periods per year
 * (empyrical sharpe_ratio with a risk-free series). A series without deviation scores 0.
 */
export function sharpeRatio(
  returns: readonly number[],
  riskFree: readonly number[],
  periodsPerYear: number,
): number {
  if (riskFree.length !== returns.length) {
    throw new Error('The risk-free series does not match the returns period for period.');
  }
  const excess = returns.map((r, t) => r - (riskFree[t] as number));
  const deviation = sampleDeviation(excess);
  if (deviation === 0) return 0;
  return (mean(excess) / deviation) * Math.sqrt(periodsPerYear);
}

/** Geometric excess return of a portfolio over its benchmark across the same window. */
export function excessReturn(portfolioTotal: number, benchmarkTotal: number): number {
  return (1 + portfolioTotal) / (1 + benchmarkTotal) - 1;
}
