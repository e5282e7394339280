import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatPercent } from '../../../lib/format.ts';
import { AssetDistributionChart } from './asset-distribution-chart.tsx';

afterEach(cleanup);

describe('the asset distribution', () => {
  it('names the largest share of NAV, and lists every class as a table', async () => {
    render(
      <AssetDistributionChart
        distribution={{
          national_municipal_bonds: 20,
          in_state_municipal_bonds: 45,
          corporate_bonds: 15,
          treasury_bonds: 15,
          cash: 5,
        }}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Asset distribution' });
    expect(
      within(figure).getByText(`Largest share: In-state munis, ${formatPercent(45)} of NAV.`),
    ).toBeTruthy();
    await userEvent.click(
      within(figure).getByRole('button', { name: 'Show Asset distribution as table' }),
    );
    expect(
      within(figure)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Asset class', 'Share of NAV']);
    expect(
      within(figure)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      `National munis${formatPercent(20)}`,
      `In-state munis${formatPercent(45)}`,
      `Corporates${formatPercent(15)}`,
      `Treasuries${formatPercent(15)}`,
      `Cash${formatPercent(5)}`,
    ]);
  });

  it('says why there is none for an account without bonds', () => {
    render(<AssetDistributionChart distribution={null} />);
    expect(screen.getByText(/No distribution by bond class/)).toBeTruthy();
  });
});
