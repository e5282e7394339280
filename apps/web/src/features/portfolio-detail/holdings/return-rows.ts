import type { BenchmarkReturns, HoldingReport } from '@ballast/contract';

/** The periods of the returns table, in the order they read. */
export const RETURN_PERIODS = ['1d', '1m', '3m', '6m', 'ytd', '1y', '3y', 'total'] as const;
type ReturnPeriod = (typeof RETURN_PERIODS)[number];

const PERIOD_LABELS: Record<ReturnPeriod, string> = {
  '1d': '1 day',
  '1m': '1 month',
  '3m': '3 months',
  '6m': '6 months',
  ytd: 'Year to date',
  '1y': '1 year',
  '3y': '3 years',
  total: 'Since inception',
};

type ReturnRow = {
  period: ReturnPeriod;
  label: string;
  usd: number | null;
  pct: number | null;
  /** Null when the benchmark has no figure for the period (it has none for 1d and 3y). */
  benchmarkPct: number | null;
  /** The portfolio's return less the benchmark's, in percentage points. */
  excessPct: number | null;
};

function benchmarkOf(
  benchmark: BenchmarkReturns | null,
  period: ReturnPeriod,
): number | null | undefined {
  if (!benchmark || !Object.hasOwn(benchmark, period)) return null;
  return benchmark[period as keyof BenchmarkReturns];
}

/** One row per period: the portfolio's dollar and percent return beside the benchmark's. */
export function returnRows(
  holding: HoldingReport,
  benchmark: BenchmarkReturns | null,
): ReturnRow[] {
  return RETURN_PERIODS.map((period) => {
    const usd = holding[`return_${period}_usd`];
    const pct = holding[`return_${period}_pct`];
    const benchmarkPct = benchmarkOf(benchmark, period) ?? null;
    return {
      period,
      label: PERIOD_LABELS[period],
      usd,
      pct,
      benchmarkPct,
      excessPct:
        pct === null || benchmarkPct === null ? null : Math.round((pct - benchmarkPct) * 100) / 100,
    };
  });
}
