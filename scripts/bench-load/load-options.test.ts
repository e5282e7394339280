import { describe, expect, it } from 'vitest';
import { parseDuration, readLoadOptions } from './load-options.ts';

describe('parseDuration', () => {
  it('reads seconds, minutes and hours', () => {
    expect(parseDuration('90')).toBe(90_000);
    expect(parseDuration('60s')).toBe(60_000);
    expect(parseDuration('10m')).toBe(600_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
  });

  it('refuses anything else', () => {
    for (const text of ['', 'ten', '10 minutes', '-5s', '0', '5d']) {
      expect(parseDuration(text), text).toBeUndefined();
    }
  });
});

describe('readLoadOptions', () => {
  it('defaults to 200 calls a second for ten minutes on 10,000 portfolios, on PGlite alone', () => {
    expect(readLoadOptions([], undefined)).toEqual({
      rate: 200,
      durationMs: 600_000,
      databases: ['pglite'],
      portfolios: 10_000,
    });
  });

  it('runs on both databases when DATABASE_URL is set, unless --db says otherwise', () => {
    const url = 'postgres://ballast@127.0.0.1:5432/postgres';
    expect(readLoadOptions([], url).databases).toEqual(['pglite', 'postgres']);
    expect(readLoadOptions(['--db', 'postgres'], url).databases).toEqual(['postgres']);
  });

  it('takes the short development run', () => {
    expect(
      readLoadOptions(['--duration', '20s', '--rate', '50', '--portfolios', '500'], undefined),
    ).toMatchObject({ rate: 50, durationMs: 20_000, portfolios: 500 });
  });

  it('refuses what it cannot run, saying why', () => {
    expect(() => readLoadOptions(['--db', 'postgres'], undefined)).toThrow(/DATABASE_URL/);
    expect(() => readLoadOptions(['--db', 'mysql'], undefined)).toThrow(/--db/);
    expect(() => readLoadOptions(['--rate', '19'], undefined)).toThrow(/--rate/);
    expect(() => readLoadOptions(['--duration', 'soon'], undefined)).toThrow(/--duration/);
    expect(() => readLoadOptions(['--portfolios', '0'], undefined)).toThrow(/--portfolios/);
    expect(() => readLoadOptions(['--connections', '10'], undefined)).toThrow();
  });
});
