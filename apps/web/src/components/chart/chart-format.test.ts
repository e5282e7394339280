import { describe, expect, it } from 'vitest';
import { dateTick, spanInDays, usdTickFormatter } from './chart-format.ts';

describe('usdTickFormatter', () => {
  it('keeps ticks of a narrow range apart', () => {
    const format = usdTickFormatter([1_080_000, 1_100_000]);
    const ticks = [1_080_000, 1_085_000, 1_090_000, 1_095_000, 1_100_000].map(format);
    expect(new Set(ticks).size).toBe(5);
    expect(ticks[0]).toBe('$1.08M');
    expect(ticks[1]).toBe('$1.085M');
  });

  it('stays short over a wide range, three digits at most', () => {
    const format = usdTickFormatter([3_000_000, 4_000_000]);
    expect(format(3_500_000)).toBe('$3.5M');
    expect(format(3_250_000)).toBe('$3.25M');
    expect(format(3_333_333)).toBe('$3.33M');
  });

  it('copes with a flat or empty series', () => {
    expect(usdTickFormatter([5_000, 5_000])(5_000)).toBe('$5K');
    expect(usdTickFormatter([])(0)).toBe('$0');
  });
});

describe('dates on the axis', () => {
  it('shows the day over short spans and the year over long ones', () => {
    expect(dateTick('2026-11-24', 30)).toBe('Nov 24');
    expect(dateTick('2026-11-24', 365)).toBe('Nov 26');
  });

  it('measures a series in days', () => {
    expect(spanInDays(['2026-01-01', '2026-01-31'])).toBe(30);
    expect(spanInDays([])).toBe(0);
  });
});
