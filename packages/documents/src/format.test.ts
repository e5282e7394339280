import { describe, expect, it } from 'vitest';
import {
  formatDeduction,
  formatLongDate,
  formatMoney,
  formatPercent,
  formatQuantity,
  formatShortDate,
  sumMoney,
} from './format.ts';

describe('formats', () => {
  it('writes money in dollars with thousands separators, negatives in parentheses', () => {
    expect(formatMoney(12_345.67)).toBe('$12,345.67');
    expect(formatMoney(-1_234)).toBe('($1,234.00)');
    expect(formatMoney(0.005)).toBe('$0.01');
    expect(formatDeduction(25)).toBe('($25.00)');
  });

  it('never writes a negative zero', () => {
    expect(formatMoney(-0.004)).toBe('$0.00');
    expect(formatDeduction(0)).toBe('$0.00');
    expect(formatPercent(-0.001)).toBe('0.00%');
  });

  it('adds money in cents, so 0.10 + 0.20 is 0.30', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
  });

  it('writes percentages, quantities and dates', () => {
    expect(formatPercent(-2.5)).toBe('-2.50%');
    expect(formatQuantity(25_000)).toBe('25,000');
    expect(formatQuantity(1.5)).toBe('1.5');
    expect(formatLongDate('2026-03-31')).toBe('March 31, 2026');
    expect(formatShortDate('2026-03-01')).toBe('03/01/2026');
    expect(() => formatShortDate('31/03/2026')).toThrow('not a YYYY-MM-DD date');
  });
});
