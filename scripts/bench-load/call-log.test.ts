import { describe, expect, it } from 'vitest';
import { createCallLog, percentile } from './call-log.ts';

describe('percentile', () => {
  it('is the nearest rank: the smallest value with at least p % of the values at or below it', () => {
    const hundred = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBe(0);
  });
});

describe('createCallLog', () => {
  it("counts each call's answers and errors, and keeps the order calls were declared in", () => {
    const log = createCallLog();
    log.declare('GET /portfolios');
    log.declare('POST /portfolios/{id}/request-deposit');
    for (let ms = 1; ms <= 200; ms += 1) log.record('POST /portfolios/{id}/request-deposit', ms);
    log.record('POST /portfolios/{id}/request-deposit', 900, 'HTTP 409 request_conflict');
    log.record('POST /portfolios/{id}/request-deposit', 3, 'ECONNRESET');
    const [list, deposit] = log.figures();
    expect(list).toMatchObject({ call: 'GET /portfolios', count: 0, errors: 0 });
    expect(deposit).toMatchObject({
      call: 'POST /portfolios/{id}/request-deposit',
      count: 202,
      p50_ms: 100,
      p99_ms: 199,
      max_ms: 900,
      errors: 2,
      error_kinds: { 'HTTP 409 request_conflict': 1, ECONNRESET: 1 },
    });
  });
});
