import { describe, expect, it } from 'vitest';
import { monthsBefore, periodStart } from './return-periods.ts';

describe('return periods', () => {
  it('goes back whole months, clamped to a shorter month', () => {
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2026-01-15', 1)).toBe('2025-12-15');
    expect(monthsBefore('2026-08-31', 6)).toBe('2026-02-28');
    expect(monthsBefore('2026-11-26', 36)).toBe('2023-11-26');
  });

  it('starts each period from a close, and none before the account opened', () => {
    const start = (period: Parameters<typeof periodStart>[0]) =>
      periodStart(period, '2026-11-26', '2026-05-04', '2026-11-25');
    expect(start('1d')).toBe('2026-11-25');
    expect(start('1m')).toBe('2026-10-26');
    expect(start('6m')).toBe('2026-05-26');
    // Opened on 4 May: the year to date and the total both start from the close of 3 May.
    expect(start('ytd')).toBe('2026-05-03');
    expect(start('total')).toBe('2026-05-03');
    expect(start('1y')).toBeNull();
    expect(start('3y')).toBeNull();
  });

  it('reports a period that starts exactly at the close before inception', () => {
    expect(periodStart('1m', '2026-06-03', '2026-05-04', '2026-06-02')).toBe('2026-05-03');
  });
});
