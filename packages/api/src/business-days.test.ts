import { describe, expect, it } from 'vitest';
import { businessDaysSince } from './business-days.ts';

// 2026-11-20 is a Friday, 2026-11-23 a Monday.
describe('businessDaysSince', () => {
  it('counts nothing for a report of the same day', () => {
    expect(businessDaysSince('2026-11-24', '2026-11-24')).toBe(0);
  });

  it("counts Friday's report as one business day old on Monday", () => {
    expect(businessDaysSince('2026-11-20', '2026-11-23')).toBe(1);
  });

  it("counts Thursday's report as two business days old on Monday", () => {
    expect(businessDaysSince('2026-11-19', '2026-11-23')).toBe(2);
  });

  it('counts a weekend report as nothing until Monday', () => {
    expect(businessDaysSince('2026-11-21', '2026-11-22')).toBe(0);
    expect(businessDaysSince('2026-11-21', '2026-11-23')).toBe(1);
  });

  it('counts two full weeks as ten business days', () => {
    expect(businessDaysSince('2026-11-10', '2026-11-24')).toBe(10);
  });

  it('counts nothing when the report is dated after the day judged', () => {
    expect(businessDaysSince('2026-11-25', '2026-11-24')).toBe(0);
  });
});
