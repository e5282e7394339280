import type { HoldingReport } from '@ballast/contract';
import { RETURN_PERIODS } from './return-rows.ts';

/**
 * A holding report as the api serves it, with no holdings: each period's return is its position
 * in the table ($1,000 and 0.5 % for the first, $2,000 and 1.5 % for the next, …).
 */
export function holding(overrides: Partial<HoldingReport> = {}): HoldingReport {
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
