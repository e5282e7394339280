import type { HoldingReport } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { RETURN_PERIODS, returnRows } from './return-rows.ts';

function holding(overrides: Partial<HoldingReport> = {}): HoldingReport {
  const returns = Object.fromEntries(
    RETURN_PERIODS.flatMap((period, index) => [
      [`return_${period}_usd`, (index + 1) * 1000],
      [`return_${period}_pct`, index + 0.5],
    ]),
  );
  return {
    report_date: '2026-11-24',
    nav: 500_000,
    ytw: 3.2,
    duration: 4.8,
    annual_tax_loss: 0,
    tey: 5,
    percent_portfolio_analyzed: 100,
    average_rating: 'AA',
    tax_loss_harvested: 0,
    tax_loss_value: 0,
    report_date_deposit_usd: 0,
    report_date_withdraw_usd: 0,
    report_date_realized_gain: 0,
    report_date_realized_loss: 0,
    number_of_holdings: 0,
    assets: [],
    ...(returns as Pick<HoldingReport, 'return_1d_usd'>),
    ...overrides,
  } as HoldingReport;
}

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
