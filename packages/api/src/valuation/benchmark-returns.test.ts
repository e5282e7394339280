import type { ReturnPeriod } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { benchmarkReturnsOf } from './benchmark-returns.ts';

const levels: Record<string, number> = {
  '2023-11-26': 100,
  '2025-11-26': 110,
  '2026-10-26': 118,
  '2025-12-31': 120,
  '2026-11-26': 121,
};
const levelOn = (date: string) => {
  const level = levels[date];
  if (level === undefined) throw new Error(`no level on ${date}`);
  return level;
};

describe('benchmark returns of a report', () => {
  it('are cumulative up to a year and annualised beyond, as the portfolio return is', () => {
    const starts = new Map<ReturnPeriod, string>([
      ['1m', '2026-10-26'],
      ['ytd', '2025-12-31'],
      ['1y', '2025-11-26'],
      ['total', '2023-11-26'],
    ]);
    const returns = benchmarkReturnsOf(levelOn, starts, '2026-11-26');
    // 121 / 118 - 1 = 2.542 %; 121 / 120 - 1 = 0.833 %; 121 / 110 - 1 = 10 % over 365 days.
    expect(returns['1m']).toBe(2.54);
    expect(returns.ytd).toBe(0.83);
    expect(returns['1y']).toBe(10);
    // 21 % over 1,096 days: 1.21 ^ (365.25 / 1096) - 1 = exp(0.33326 * 0.19062) - 1 = 6.56 %.
    expect(returns.total).toBe(6.56);
    expect(returns['3m']).toBeNull();
    expect(returns['6m']).toBeNull();
  });
});
