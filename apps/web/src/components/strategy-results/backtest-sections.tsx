import type { SimulationResult } from '@ballast/contract';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import {
  formatDate,
  formatNumber,
  formatPercent,
  formatSignedPercent,
  formatUsd,
} from '../../lib/format.ts';
import { CHART_COLORS, usdTick, usdTickFormatter } from '../chart/chart-format.ts';
import { ChartFrame, ChartPlaceholder } from '../chart/chart-frame.tsx';
import { FigureList } from '../ui/figure-list.tsx';
import { SectionCard } from '../ui/section-card.tsx';
import { YEAR } from './labels.ts';
import { RowTable } from './row-table.tsx';
import { SeriesChart } from './series-chart.tsx';

const MONTH = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2022-03" → "Mar 2022". */
function monthLabel(month: string): string {
  return MONTH.format(new Date(`${month}-01T00:00:00Z`));
}

/** The backtest's balance day by day against the benchmark's, and how far apart they ended. */
export function BalanceSection({ result }: { result: SimulationResult }) {
  const { balance, relative_performance: relative } = result;
  const values = balance.data.flatMap((line) => line.values);
  const [first] = balance.data[0]?.dates ?? [];
  const last = balance.data[0]?.dates.at(-1);
  return (
    <SectionCard title="Balance against the benchmark">
      <FigureList
        columns="grid-cols-2 @xl:grid-cols-4"
        figures={[
          { label: 'Ending balance', value: formatUsd(balance.balance) },
          { label: 'Total gain/loss', value: formatUsd(balance.total_gain_loss) },
          {
            label: 'Total gain/loss (%)',
            value: formatSignedPercent(balance.total_gain_loss_perc),
          },
          {
            label: 'Relative to benchmark',
            value: formatSignedPercent(relative.cumulative_relative_performance),
          },
        ]}
      />
      <div className="mt-4">
        <SeriesChart
          title="Balance"
          summary={`Daily balance of the portfolio and the benchmark from ${formatDate(first)} to ${formatDate(last)}; the portfolio ended at ${formatUsd(balance.balance)}.`}
          series={balance.data}
          format={(value) => formatUsd(value)}
          tickFormat={usdTickFormatter(values)}
        />
      </div>
      <h3 className="mt-6 mb-1 text-sm font-bold text-navy-800">Relative performance</h3>
      <SeriesChart
        title="Relative performance"
        summary={`The portfolio's return over the benchmark's, day by day; ${formatSignedPercent(relative.cumulative_relative_performance)} at the end of the window.`}
        series={relative.data}
        format={(value) => formatSignedPercent(value)}
        tickFormat={(value) => `${value}%`}
        zeroLine
        height={200}
      />
    </SectionCard>
  );
}

/** Performance statistics of the backtest (SPEC 5). */
export function PerformanceStatistics({ result }: { result: SimulationResult }) {
  const stats = result.performance_stats;
  return (
    <SectionCard title="Performance statistics">
      {/* Its own container: the card is full width beside bond results, half beside tokens'. */}
      <div className="@container">
        <FigureList
          columns="grid-cols-2 @sm:grid-cols-3 @2xl:grid-cols-6"
          figures={[
            { label: 'Total return', value: formatPercent(stats.total_return) },
            { label: 'Excess return', value: formatSignedPercent(stats.excess_return) },
            { label: 'Annualised return', value: formatPercent(stats.annualized_return) },
            { label: 'Volatility', value: formatPercent(stats.volatility) },
            { label: 'Sharpe ratio', value: formatNumber(stats.sharp_ratio) },
            { label: 'Turnover', value: formatPercent(stats.turnover) },
          ]}
        />
      </div>
    </SectionCard>
  );
}

/** Losses harvested month by month, and each year's losses with the tax they saved. */
export function HarvestSection({ result }: { result: SimulationResult }) {
  const { monthly, yearly } = result.tax_loss_harvesting;
  const totalLosses = yearly.reduce((sum, year) => sum + year.losses, 0);
  const totalSavings = yearly.reduce((sum, year) => sum + year.tax_savings, 0);
  const months = monthly.map((month) => ({ ...month, label: monthLabel(month.month) }));
  return (
    <SectionCard title="Tax-loss harvesting">
      {months.length === 0 ? (
        <ChartPlaceholder height={96}>No losses were harvested in this window.</ChartPlaceholder>
      ) : (
        <ChartFrame
          title="Harvested losses by month"
          summary={`${formatUsd(totalLosses)} of losses harvested over ${months.length} months, saving ${formatUsd(totalSavings)} of tax.`}
          rows={months}
          rowKey={(month) => month.month}
          height={200}
          columns={[
            { header: 'Month', cell: (month) => month.label },
            { header: 'Losses harvested', cell: (month) => formatUsd(month.losses), numeric: true },
          ]}
        >
          <BarChart
            data={months}
            responsive
            style={{ width: '100%', height: '100%' }}
            margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
          >
            <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
            <XAxis dataKey="label" minTickGap={24} stroke={CHART_COLORS.axis} fontSize={12} />
            <YAxis tickFormatter={usdTick} width={64} stroke={CHART_COLORS.axis} fontSize={12} />
            <Tooltip formatter={(value) => [formatUsd(Number(value)), 'Losses harvested']} />
            <Bar dataKey="losses" fill={CHART_COLORS.nav} isAnimationActive={false} />
          </BarChart>
        </ChartFrame>
      )}
      <div className="mt-4">
        <RowTable
          caption="Harvested losses and tax savings by year"
          rowHeader={YEAR}
          columns={[
            { header: 'Losses harvested', cell: (year) => formatUsd(year.losses), numeric: true },
            { header: 'Tax savings', cell: (year) => formatUsd(year.tax_savings), numeric: true },
          ]}
          rows={yearly}
          rowKey={(year) => String(year.year)}
          total={[formatUsd(totalLosses), formatUsd(totalSavings)]}
        />
      </div>
    </SectionCard>
  );
}

/** Staking rewards received each year and the income tax on them; only when the strategy stakes. */
export function StakingSection({ result }: { result: SimulationResult }) {
  const years = result.staking_income;
  if (!years || years.length === 0) return null;
  const income = years.reduce((sum, year) => sum + year.income_usd, 0);
  const tax = years.reduce((sum, year) => sum + year.tax_usd, 0);
  return (
    <SectionCard title="Staking income">
      <RowTable
        caption="Staking income and its tax by year"
        rowHeader={YEAR}
        columns={[
          { header: 'Income', cell: (year) => formatUsd(year.income_usd), numeric: true },
          { header: 'Tax', cell: (year) => formatUsd(year.tax_usd), numeric: true },
        ]}
        rows={years}
        rowKey={(year) => String(year.year)}
        total={[formatUsd(income), formatUsd(tax)]}
      />
    </SectionCard>
  );
}
