import type { CallFigures } from './call-log.ts';
import type { MemorySample } from './process-stats.ts';

/** The target: every call's p99 under this, no errors, and memory that stops growing. */
export const P99_TARGET_MS = 500;

/**
 * How much the server's resident memory may grow over the second half of a run and still count
 * as noise. The first half is warm-up: compiled code, the caches, and PGlite's memory (which
 * grows to the most its queries have needed and never gives it back) reach their size. After
 * that a garbage-collected heap still moves by some MiB from one sample to the next; a leak
 * keeps growing.
 */
export const MEMORY_NOISE_MB = 32;

export type MemoryFigures = {
  start_mb: number;
  end_mb: number;
  growth_mb: number;
  /** From the sample at the run's middle (the start, when there is none between) to the end. */
  growth_second_half_mb: number;
  samples: MemorySample[];
};

export function memoryFigures(samples: readonly MemorySample[]): MemoryFigures {
  const start = samples[0]?.rss_mb ?? 0;
  const last = samples.at(-1);
  const end = last?.rss_mb ?? start;
  const middle = samples.filter((sample) => sample.at_s <= (last?.at_s ?? 0) / 2).at(-1);
  const tenth = (mb: number) => Math.round(mb * 10) / 10;
  return {
    start_mb: start,
    end_mb: end,
    growth_mb: tenth(end - start),
    growth_second_half_mb: tenth(end - (middle?.rss_mb ?? start)),
    samples: [...samples],
  };
}

export type Verdict = {
  p99_under_target: boolean;
  no_errors: boolean;
  memory_flat: boolean;
  met: boolean;
  /** The calls that missed, worst p99 first. */
  slow_calls: string[];
};

export function judge(calls: readonly CallFigures[], memory: MemoryFigures): Verdict {
  const slow = calls
    .filter((call) => call.count > 0 && call.p99_ms >= P99_TARGET_MS)
    .sort((a, b) => b.p99_ms - a.p99_ms)
    .map((call) => call.call);
  const noErrors = calls.every((call) => call.errors === 0);
  const memoryFlat = memory.growth_second_half_mb <= MEMORY_NOISE_MB;
  return {
    p99_under_target: slow.length === 0,
    no_errors: noErrors,
    memory_flat: memoryFlat,
    met: slow.length === 0 && noErrors && memoryFlat,
    slow_calls: slow,
  };
}

/** The calls as an aligned text table, one row each. */
export function callTable(calls: readonly CallFigures[]): string {
  const header = ['call', 'count', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors'];
  const rows = calls.map((call) => [
    call.call,
    String(call.count),
    String(call.p50_ms),
    String(call.p95_ms),
    String(call.p99_ms),
    String(call.max_ms),
    String(call.errors),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
