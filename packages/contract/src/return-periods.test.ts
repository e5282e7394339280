import { describe, expect, it } from 'vitest';
import { monthsBefore, periodReturn, periodStart } from './return-periods.ts';

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

describe('period returns', () => {
  it('links the growth between the two closes', () => {
    // 1.10 / 1.04 − 1 = 0.0576923…
    const { value, annualized } = periodReturn(1.04, 1.1, '2026-01-31', '2026-04-30');
    expect(value).toBeCloseTo(0.0576923, 7);
    expect(annualized).toBe(false);
  });

  it('annualises a period longer than a year', () => {
    // Three years of 1.191016 growth (1.06^3) over 1,096 days: 1.191016^(365.25/1096) − 1 = 0.0599…
    const { value, annualized } = periodReturn(1, 1.191016, '2023-11-26', '2026-11-26');
    expect(annualized).toBe(true);
    expect(value).toBeCloseTo(1.191016 ** (365.25 / 1096) - 1, 12);
    expect(value).toBeCloseTo(0.05996, 4);
  });
});
