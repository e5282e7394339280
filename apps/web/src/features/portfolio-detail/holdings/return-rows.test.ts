import { describe, expect, it } from 'vitest';
import { holding } from './holding-report.fixture.ts';
import { RETURN_PERIODS, returnRows } from './return-rows.ts';

const benchmark = { '1m': 1, '3m': 2, '6m': 3, ytd: 4, '1y': 5, total: 6 };

describe('returnRows', () => {
  it('gives one row per period, in order, with dollars and percent', () => {
    const rows = returnRows(holding(), benchmark);
    expect(rows.map((row) => row.period)).toEqual([...RETURN_PERIODS]);
    expect(rows[0]).toMatchObject({ label: '1 day', usd: 1000, pct: 0.5 });
    expect(rows.at(-1)).toMatchObject({ label: 'Since inception', usd: 8000, pct: 7.5 });
  });

  it('sets the benchmark beside the periods it has, and nothing beside 1d and 3y', () => {
    const rows = returnRows(holding(), benchmark);
    const byPeriod = Object.fromEntries(rows.map((row) => [row.period, row]));
    expect(byPeriod['1d']?.benchmarkPct).toBeNull();
    expect(byPeriod['3y']?.benchmarkPct).toBeNull();
    expect(byPeriod['1m']).toMatchObject({ pct: 1.5, benchmarkPct: 1, excessPct: 0.5 });
    expect(byPeriod.ytd).toMatchObject({ pct: 4.5, benchmarkPct: 4, excessPct: 0.5 });
    expect(byPeriod.total).toMatchObject({ benchmarkPct: 6, excessPct: 1.5 });
  });

  it('leaves the excess empty when either figure is missing', () => {
    const rows = returnRows(holding({ return_1y_pct: null }), { ...benchmark, '3m': null });
    const byPeriod = Object.fromEntries(rows.map((row) => [row.period, row]));
    expect(byPeriod['1y']).toMatchObject({ pct: null, benchmarkPct: 5, excessPct: null });
    expect(byPeriod['3m']).toMatchObject({ benchmarkPct: null, excessPct: null });
  });

  it('has no benchmark column figures without benchmark returns', () => {
    expect(returnRows(holding(), null).every((row) => row.benchmarkPct === null)).toBe(true);
  });

  it('rounds the excess to hundredths so float noise does not show', () => {
    const rows = returnRows(holding({ return_1m_pct: 0.3 }), { ...benchmark, '1m': 0.1 });
    expect(rows[1]?.excessPct).toBe(0.2);
  });
});
