import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatName,
  formatPercent,
  formatUsd,
  formatUsdCompact,
  formatYears,
  MISSING,
} from './format.ts';

describe('format', () => {
  it('writes dollars with cents, whole, or compact', () => {
    expect(formatUsd(1234567.891)).toBe('$1,234,567.89');
    expect(formatUsd(-50)).toBe('-$50.00');
    expect(formatUsd(1234567.891, { whole: true })).toBe('$1,234,568');
    expect(formatUsdCompact(12_345_678)).toBe('$12.3M');
  });

  it('writes percentages and durations to two decimals', () => {
    expect(formatPercent(4.256)).toBe('4.26%');
    expect(formatPercent(-0.5, 1)).toBe('-0.5%');
    expect(formatYears(6.1)).toBe('6.10');
  });

  it('shows a missing figure as a dash', () => {
    expect(formatUsd(null)).toBe(MISSING);
    expect(formatPercent(undefined)).toBe(MISSING);
    expect(formatYears(null)).toBe(MISSING);
    expect(formatDate(null)).toBe(MISSING);
    expect(formatName(null)).toBe(MISSING);
  });

  it('keeps a calendar date on its day whatever the time zone', () => {
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatName({ first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace');
  });

  it('reads a moment with its time, and leaves what is not one as it is', () => {
    expect(formatDateTime('2026-11-24T15:05:00.000Z')).toMatch(
      /^Nov 2[45], 2026, \d{1,2}:\d{2}\s[AP]M$/,
    );
    expect(formatDateTime('soon')).toBe('soon');
  });
});
