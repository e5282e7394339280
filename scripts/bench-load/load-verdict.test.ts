import { describe, expect, it } from 'vitest';
import type { CallFigures } from './call-log.ts';
import { callTable, judge, MEMORY_NOISE_MB, memoryFigures } from './load-verdict.ts';

function call(name: string, p99_ms: number, errors = 0): CallFigures {
  return {
    call: name,
    count: 100,
    p50_ms: 5,
    p95_ms: 10,
    p99_ms,
    max_ms: p99_ms + 1,
    errors,
    error_kinds: errors ? { 'HTTP 500 server_error': errors } : {},
  };
}

const flat = memoryFigures([
  { at_s: 0, rss_mb: 300 },
  { at_s: 30, rss_mb: 380 },
  { at_s: 60, rss_mb: 395 },
  { at_s: 90, rss_mb: 396 },
  { at_s: 121, rss_mb: 399 },
]);

describe('memoryFigures', () => {
  it('measures growth from the start and over the second half of the run', () => {
    expect(flat).toMatchObject({
      start_mb: 300,
      end_mb: 399,
      growth_mb: 99,
      growth_second_half_mb: 4,
    });
  });

  it('counts from the start when the run was too short for a sample in between', () => {
    const short = memoryFigures([
      { at_s: 0, rss_mb: 300 },
      { at_s: 20, rss_mb: 310 },
    ]);
    expect(short.growth_second_half_mb).toBe(10);
  });
});

describe('judge', () => {
  it('meets the target when every p99 is under 500 ms, nothing failed and memory held', () => {
    expect(judge([call('GET /portfolios', 499), call('GET /portfolios/{id}', 20)], flat)).toEqual({
      p99_under_target: true,
      no_errors: true,
      memory_flat: true,
      met: true,
      slow_calls: [],
    });
  });

  it('names the slow calls, worst first', () => {
    const verdict = judge(
      [call('GET /portfolios', 800), call('GET /portfolios/{id}', 20), call('PUT', 500)],
      flat,
    );
    expect(verdict).toMatchObject({ met: false, slow_calls: ['GET /portfolios', 'PUT'] });
  });

  it('misses on a single error, or on memory that kept growing', () => {
    expect(judge([call('GET /portfolios', 10, 1)], flat)).toMatchObject({
      no_errors: false,
      met: false,
    });
    const growing = memoryFigures([
      { at_s: 0, rss_mb: 300 },
      { at_s: 30, rss_mb: 300 },
      { at_s: 60, rss_mb: 300 + MEMORY_NOISE_MB / 2 },
      { at_s: 90, rss_mb: 301 + MEMORY_NOISE_MB },
    ]);
    expect(judge([call('GET /portfolios', 10)], growing)).toMatchObject({
      memory_flat: false,
      met: false,
    });
  });
});

describe('callTable', () => {
  it('aligns one row per call under the header', () => {
    const lines = callTable([call('GET /portfolios', 12.5), call('GET /portfolios/{id}', 3)]).split(
      '\n',
    );
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^call\s+count\s+p50 ms\s+p95 ms\s+p99 ms\s+max ms\s+errors$/);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });
});
