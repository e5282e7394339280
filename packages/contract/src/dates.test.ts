import { describe, expect, it } from 'vitest';
import { todayIsoDate } from './dates.ts';

describe('todayIsoDate', () => {
  it.each([
    [new Date(2024, 1, 29, 23, 59), '2024-02-29'],
    [new Date(2025, 0, 1, 0, 0), '2025-01-01'],
    [new Date(1999, 11, 31, 12), '1999-12-31'],
  ])('%s is the local calendar day %s', (now, expected) => {
    expect(todayIsoDate(now)).toBe(expected);
  });
});
