import type { ReturnBridge, ReturnBridges } from '@ballast/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { holding } from './holding-report.fixture.ts';
import { ReturnsTable } from './returns-table.tsx';

const api = vi.hoisted(() => ({ bridges: null as unknown }));

vi.mock('../../../lib/session-context.tsx', () => ({
  useApi: () => ({
    request: async (route: { id: string }) => {
      if (route.id !== 'getReturnBridges') throw new Error(`unexpected route ${route.id}`);
      return api.bridges;
    },
  }),
}));

afterEach(cleanup);

const METHOD =
  "Time-weighted: each day's return excludes that day's deposits and withdrawals, and the days " +
  'are linked by multiplication. Periods over a year are annualised.';

/*
 * March 2026 of an account: 100,000.00 at the close of 28 February, 12,500.00 deposited,
 * 5,000.10 withdrawn, 150.25 of income, −254.33 realised and 400.00 unrealised price change,
 * 12.34 of fees: 100,000.00 + 12,500.00 − 5,000.10 + 150.25 − 254.33 + 400.00 − 12.34
 * = 107,783.48.
 */
const MONTH: ReturnBridge = {
  period: '1m',
  start_date: '2026-02-28',
  end_date: '2026-03-31',
  opening_value: 100_000,
  deposits: 12_500,
  withdrawals: 5_000.1,
  income: 150.25,
  realized_price_change: -254.33,
  unrealized_price_change: 400,
  fees: 12.34,
  closing_value: 107_783.48,
  time_weighted_return_pct: 2,
  annualized: false,
  method: METHOD,
};

/** The same lines from nothing, the opening value deposited: 0 + 112,500.00 − … = 107,783.48. */
const THREE_YEARS: ReturnBridge = {
  ...MONTH,
  period: '3y',
  start_date: '2023-03-31',
  opening_value: 0,
  deposits: 112_500,
  time_weighted_return_pct: 9.997609,
  annualized: true,
};

function renderTable(report = holding({ report_date: '2026-03-31' }), cached?: ReturnBridges) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (cached) client.setQueryData(queryKeys.returnBridges('p-1'), cached);
  render(
    <QueryClientProvider client={client}>
      <ReturnsTable portfolioId="p-1" holding={report} benchmark={null} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** "-$254.33" → −25433 cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

describe('the returns table opened into bridges', () => {
  beforeEach(() => {
    api.bridges = { report_date: '2026-03-31', bridges: [MONTH, THREE_YEARS] } as ReturnBridges;
  });

  it('shows a period’s bridge, its lines adding up to the closing value', async () => {
    const user = renderTable();
    await user.click(
      await screen.findByRole('button', { name: "1 month: open the return's bridge" }),
    );
    const dialog = screen.getByRole('dialog', { name: '1 month: how the value moved' });
    const lines = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children, (cell) => cell.textContent ?? ''));
    expect(lines).toEqual([
      ['', 'Opening value, close of Feb 28, 2026', '$100,000.00'],
      ['+plus', 'Deposits', '$12,500.00'],
      ['−minus', 'Withdrawals', '$5,000.10'],
      ['+plus', 'Income (coupons, staking, interest)', '$150.25'],
      ['+plus', 'Realised price change', '-$254.33'],
      ['+plus', 'Unrealised price change', '$400.00'],
      ['−minus', 'Fees', '$12.34'],
      ['=equals', 'Closing value, Mar 31, 2026', '$107,783.48'],
    ]);
    // What the screen shows adds up: each amount added or taken away as its sign says.
    const shown = lines.slice(0, -1).reduce((total, [sign = '', , amount = '']) => {
      return sign.startsWith('−') ? total - centsOf(amount) : total + centsOf(amount);
    }, 0);
    expect(shown).toBe(centsOf(lines.at(-1)?.[2] ?? ''));
    expect(within(dialog).getByText('2.00%')).toBeTruthy();
    expect(within(dialog).queryByText(/annualised\)/)).toBeNull();
    expect(within(dialog).getByText(METHOD)).toBeTruthy();
  });

  it('says when a return is annualised', async () => {
    const user = renderTable();
    await user.click(
      await screen.findByRole('button', { name: "3 years: open the return's bridge" }),
    );
    const dialog = screen.getByRole('dialog', { name: '3 years: how the value moved' });
    expect(within(dialog).getByText('10.00%')).toBeTruthy();
    expect(within(dialog).getByText('a year (annualised)', { exact: false })).toBeTruthy();
  });

  it('opens from the keyboard and gives the focus back on Escape', async () => {
    const user = renderTable();
    const opener = await screen.findByRole('button', { name: "1 month: open the return's bridge" });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('offers no bridge for a period the api has none for, or for another report’s figures', async () => {
    renderTable();
    await screen.findByRole('button', { name: "1 month: open the return's bridge" });
    const oneDay = screen.getByRole('rowheader', { name: '1 day' });
    expect(within(oneDay).queryByRole('button')).toBeNull();
    cleanup();

    // The bridges in hand are of 31 March's report; the table shows 1 April's.
    renderTable(holding({ report_date: '2026-04-01' }), api.bridges as ReturnBridges);
    expect(screen.getByRole('rowheader', { name: '1 month' })).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
