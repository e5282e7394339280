import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { pollDelay, runFailureReason, waitForRun } from './use-simulation.ts';

function conflict(detail: string) {
  return new ApiError(409, {
    type: 'client_error',
    errors: [{ code: 'request_conflict', detail, attr: null }],
  });
}

describe('following a simulation run', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('looks again quickly, then backs off to at most a second', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(pollDelay)).toEqual([50, 100, 200, 400, 800, 1000, 1000]);
  });

  // Build and Compare both wait this way: a run done within the first tenth of a second must be
  // on screen within about one more, so the first looks may not drift later.
  it('reads at once, then after 50 ms and 150 ms', async () => {
    vi.useFakeTimers();
    const readAt: number[] = [];
    const started = Date.now();
    const answer = waitForRun(async () => {
      readAt.push(Date.now() - started);
      return readAt.length === 3 ? 'done' : null;
    });
    await vi.advanceTimersByTimeAsync(150);
    await expect(answer).resolves.toBe('done');
    expect(readAt).toEqual([0, 50, 150]);
  });

  it('stops looking when the page no longer wants the run', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const read = vi.fn(async () => null);
    const answer = waitForRun(read, controller.signal);
    const settled = expect(answer).rejects.toThrow('left');
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(new Error('left'));
    await settled;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('answers a failed run with the engine’s own reason', () => {
    const reason =
      'Only 0 eligible bonds rated A- or better, liquidity 99-100; a portfolio needs at least 15.';
    expect(runFailureReason(conflict(`The simulation abc123 failed: ${reason}`))).toBe(reason);
    expect(runFailureReason(conflict(`The comparison def456 failed: ${reason}`))).toBe(reason);
    expect(runFailureReason(new ApiError(404, null))).toBeNull();
    expect(runFailureReason(new TypeError('offline'))).toBeNull();
  });
});
