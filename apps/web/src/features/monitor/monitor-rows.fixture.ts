/**
 * Rows for the monitor's tests: a portfolio list item and an alert, each as the api answers
 * them; requests come from the contract's `makeQueuedAction`.
 */
import type { PortfolioAlert, PortfolioListItem } from '@ballast/contract';

export function makePortfolioItem(overrides: Partial<PortfolioListItem> = {}): PortfolioListItem {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    client_name: 'Ada Lovelace',
    advisors: [{ first_name: 'Grace', last_name: 'Hopper' }],
    originating_advisor: { first_name: 'Grace', last_name: 'Hopper' },
    inception_date: null,
    current_holding: null,
    current_strategy_summary: null,
    user_dnt: null,
    status: 'INCOMPLETE',
    ...overrides,
  };
}

export function makeAlert(overrides: Partial<PortfolioAlert> = {}): PortfolioAlert {
  return {
    portfolio_id: '00000000-0000-4000-8000-0000000000b1',
    client_name: 'Alan Turing',
    advisor_name: 'Katherine Johnson',
    kind: 'CASH_ABOVE_LIMIT',
    report_date: '2026-11-25',
    figure: 15,
    limit: 10,
    reason: 'Cash is 15% of the portfolio ($30,000.00), above the 10% limit.',
    holding: null,
    ...overrides,
  };
}
