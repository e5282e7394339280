import type { SimulationResult } from '@ballast/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FiguresTable } from './figures-table.tsx';

/** A history that started from $1,000,000 unless `start` says otherwise. */
function history(figures: {
  balance: number;
  volatility: number;
  start?: number;
}): SimulationResult {
  const gain = figures.balance - (figures.start ?? 1_000_000);
  return {
    timeframe: 'today',
    balance: { data: [], balance: figures.balance, total_gain_loss: gain, total_gain_loss_perc: 0 },
    relative_performance: { data: [], cumulative_relative_performance: 0 },
    tax_loss_harvesting: { monthly: [], yearly: [] },
    performance_stats: {
      total_return: 12,
      excess_return: 1,
      annualized_return: 4,
      turnover: 10,
      volatility: figures.volatility,
      sharp_ratio: 0.8,
    },
    holdings: {},
    attributes: { consensus_mechanism: {}, market_capitalization: {}, sector: {}, volume: {} },
  };
}

const columns = [
  { letter: 'A', name: 'Calm', result: history({ balance: 1_100_000, volatility: 12 }) },
  { letter: 'B', name: 'Bold', result: history({ balance: 1_300_000, volatility: 45 }) },
];

function cells(rowLabel: string) {
  const row = screen.getByRole('row', { name: new RegExp(`^${rowLabel}`) });
  return within(row).getAllByRole('cell');
}

afterEach(cleanup);

describe('the figures side by side', () => {
  it('marks the best of each row the way the row reads, and says what best means', () => {
    render(<FiguresTable columns={columns} />);
    const balance = cells('Ending balance');
    expect(balance[1]?.dataset.best).toBe('true');
    expect(balance[0]?.dataset.best).toBeUndefined();
    expect(balance[2]?.textContent).toBe('largest ending balance');
    const volatility = cells('Volatility');
    expect(volatility[0]?.textContent).toContain('(best)');
    expect(volatility[1]?.dataset.differs).toBe('true');
    // The same in both columns: nothing to mark.
    expect(cells('Total return').some((cell) => cell.dataset.best)).toBe(false);
  });

  it('marks no best ending balance between strategies that start from different amounts', () => {
    render(
      <FiguresTable
        columns={[
          columns[0] as (typeof columns)[number],
          {
            letter: 'B',
            name: 'Larger',
            result: history({ balance: 2_050_000, volatility: 12, start: 2_000_000 }),
          },
        ]}
      />,
    );
    const balance = cells('Ending balance');
    expect(balance.some((cell) => cell.dataset.best)).toBe(false);
    expect(balance[2]?.textContent).toBe(
      'no best: the strategies start from different amounts (compare their returns)',
    );
  });

  it('can show only the rows where the strategies differ', async () => {
    render(<FiguresTable columns={columns} />);
    expect(screen.queryByRole('row', { name: /^Total return/ })).not.toBeNull();
    await userEvent.click(screen.getByLabelText('Only rows that differ'));
    expect(screen.queryByRole('row', { name: /^Total return/ })).toBeNull();
    expect(screen.queryByRole('row', { name: /^Volatility/ })).not.toBeNull();
  });
});
