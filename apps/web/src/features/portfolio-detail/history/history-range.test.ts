import { describe, expect, it } from 'vitest';
import { HISTORY_RANGES, rangeStart } from './history-range.ts';

describe('rangeStart', () => {
  it('counts calendar months back from the anchor day', () => {
    expect(rangeStart('1M', '2026-11-24')).toBe('2026-10-24');
    expect(rangeStart('3M', '2026-11-24')).toBe('2026-08-24');
    expect(rangeStart('6M', '2026-11-24')).toBe('2026-05-24');
    expect(rangeStart('1Y', '2026-11-24')).toBe('2025-11-24');
  });

  it('crosses into the previous year', () => {
    expect(rangeStart('3M', '2026-02-10')).toBe('2025-11-10');
  });

  it('falls back to the last day of a shorter month', () => {
    expect(rangeStart('1M', '2026-03-31')).toBe('2026-02-28');
    expect(rangeStart('1M', '2028-03-30')).toBe('2028-02-29');
    expect(rangeStart('6M', '2026-08-31')).toBe('2026-02-28');
    expect(rangeStart('1Y', '2028-02-29')).toBe('2027-02-28');
  });

  it('starts the year to date on January 1st', () => {
    expect(rangeStart('YTD', '2026-11-24')).toBe('2026-01-01');
    expect(rangeStart('YTD', '2026-01-01')).toBe('2026-01-01');
  });

  it('leaves the whole history unbounded', () => {
    expect(rangeStart('All', '2026-11-24')).toBeUndefined();
  });

  it('gives every range but All a start no later than the anchor', () => {
    for (const range of HISTORY_RANGES.filter((range) => range !== 'All')) {
      expect((rangeStart(range, '2026-11-24') ?? '') <= '2026-11-24').toBe(true);
    }
  });
});
