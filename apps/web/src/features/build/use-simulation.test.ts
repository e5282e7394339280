import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { failureReason, pollDelay } from './use-simulation.ts';

describe('following a simulation run', () => {
  it('looks again quickly, then backs off to at most a second', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(pollDelay)).toEqual([50, 100, 200, 400, 800, 1000, 1000]);
  });

  it('answers a failed run with the engine’s own reason', () => {
    const reason =
      'Only 0 eligible bonds rated A- or better, liquidity 99-100; a portfolio needs at least 15.';
    const failed = new ApiError(409, {
      type: 'client_error',
      errors: [
        { code: 'request_conflict', detail: `The simulation abc123 failed: ${reason}`, attr: null },
      ],
    });
    expect(failureReason(failed, 'abc123')).toBe(reason);
    expect(failureReason(new ApiError(404, null), 'abc123')).toBeNull();
    expect(failureReason(new TypeError('offline'), 'abc123')).toBeNull();
  });
});
