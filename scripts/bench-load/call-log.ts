/** One call's figures over a run, as printed. */
export type CallFigures = {
  call: string;
  count: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  errors: number;
  /** What the errors were: `HTTP 409`, `ECONNRESET`, `no answer in 30000 ms`, with counts. */
  error_kinds: Record<string, number>;
};

/** The nearest-rank percentile of ascending `sorted`; 0 when there is nothing. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

const tenth = (ms: number) => Math.round(ms * 10) / 10;

/** Every call's latencies and errors, in the order the calls were first seen. */
export function createCallLog() {
  const calls = new Map<string, { latencies: number[]; errors: Map<string, number> }>();
  const entry = (call: string) => {
    let found = calls.get(call);
    if (!found) {
      found = { latencies: [], errors: new Map() };
      calls.set(call, found);
    }
    return found;
  };
  return {
    /** A call that was answered (or failed) `ms` after it was due; `error` says what went wrong. */
    record(call: string, ms: number, error?: string): void {
      const found = entry(call);
      found.latencies.push(ms);
      if (error) found.errors.set(error, (found.errors.get(error) ?? 0) + 1);
    },
    /** Names a call before any of it is recorded, so the table keeps its order. */
    declare(call: string): void {
      entry(call);
    },
    figures(): CallFigures[] {
      return [...calls].map(([call, { latencies, errors }]) => {
        const sorted = [...latencies].sort((a, b) => a - b);
        return {
          call,
          count: sorted.length,
          p50_ms: tenth(percentile(sorted, 50)),
          p95_ms: tenth(percentile(sorted, 95)),
          p99_ms: tenth(percentile(sorted, 99)),
          max_ms: tenth(sorted.at(-1) ?? 0),
          errors: [...errors.values()].reduce((sum, n) => sum + n, 0),
          error_kinds: Object.fromEntries(errors),
        };
      });
    },
  };
}

export type CallLog = ReturnType<typeof createCallLog>;
