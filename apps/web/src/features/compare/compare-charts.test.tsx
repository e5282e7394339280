import {
  BondSimulationResultSchema,
  type SimulationResult,
  SimulationResultSchema,
} from '@ballast/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import bondJson from '../../components/strategy-results/fixtures/bond-result.json' with {
  type: 'json',
};
import tokenJson from '../../components/strategy-results/fixtures/token-result.json' with {
  type: 'json',
};
import { formatDate, formatUsd, MISSING } from '../../lib/format.ts';
import { BalanceChart, type ChartColumn, RateShockChart } from './compare-charts.tsx';

// The engine's own answers, as the strategy results' tests read them.
const bond = BondSimulationResultSchema.parse(bondJson);
const token = SimulationResultSchema.parse(tokenJson);

/** A result with only the balance history from day `from` to before day `to`. */
function daysOf(result: SimulationResult, from: number, to: number): SimulationResult {
  return {
    ...result,
    balance: {
      ...result.balance,
      data: result.balance.data.map((series) => ({
        ...series,
        dates: series.dates.slice(from, to),
        values: series.values.slice(from, to),
      })),
    },
  };
}
const portfolio =
  token.balance.data.find((series) => series.name === 'Portfolio') ?? token.balance.data[0];
const dates = portfolio?.dates.slice(0, 4) ?? [];
const values = portfolio?.values.slice(0, 4) ?? [];

const columns: ChartColumn[] = [
  { letter: 'A', name: 'Bonds', result: bond },
  { letter: 'B', name: 'Tokens', result: token },
  { letter: 'C', name: 'Still running', result: undefined },
];

afterEach(cleanup);

async function asTable(title: string) {
  await userEvent.click(screen.getByRole('button', { name: `Show ${title} as table` }));
  return screen.getAllByRole('row').map((row) =>
    within(row)
      .queryAllByRole('cell')
      .map((cell) => cell.textContent),
  );
}

describe('the comparison charts', () => {
  it('draws the balance of every strategy with a history, on the dates of all of them', async () => {
    render(
      <BalanceChart
        columns={[
          { letter: 'A', name: 'Early', result: daysOf(token, 0, 3) },
          { letter: 'B', name: 'Late', result: daysOf(token, 1, 4) },
          { letter: 'C', name: 'Still running', result: undefined },
        ]}
      />,
    );
    const [first, , , last] = dates;
    expect(
      screen.getByText(`The balance of A, B from ${formatDate(first)} to ${formatDate(last)}.`),
    ).toBeTruthy();
    const money = (value: number | undefined) => formatUsd(value ?? 0, { whole: true });
    expect((await asTable('Balance')).filter((cells) => cells.length > 0)).toEqual(
      dates.map((date, index) => [
        formatDate(date),
        index < 3 ? money(values[index]) : MISSING,
        index > 0 ? money(values[index]) : MISSING,
      ]),
    );
  });

  it('draws the rate shock of bond strategies only, by the size of the shift', async () => {
    render(<RateShockChart columns={columns} />);
    expect(
      screen.getByText(/^Change in value of A when rates move from -\d.*% to \+\d.*%\.$/),
    ).toBeTruthy();
    const rows = (await asTable('Rate shock')).filter((cells) => cells.length > 0);
    expect(rows).toHaveLength(bond.rate_change_sensitivity.length);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Rate change',
      'A: Bonds',
    ]);
  });

  it('says what is missing when no strategy has the figures', () => {
    render(<RateShockChart columns={[{ letter: 'A', name: 'Tokens', result: token }]} />);
    expect(screen.getByText('Only bond strategies have a rate shock.')).toBeTruthy();
  });
});
