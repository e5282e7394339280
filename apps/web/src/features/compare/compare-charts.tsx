import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import {
  CHART_COLORS,
  dateAxisProps,
  spanInDays,
  usdTickFormatter,
} from '../../components/chart/chart-format.ts';
import { ChartFrame, ChartPlaceholder } from '../../components/chart/chart-frame.tsx';
import { isBondResult } from '../../components/strategy-results/index.ts';
import { formatDate, formatPercent, formatUsd, MISSING } from '../../lib/format.ts';
import { type AnyResult, historyOf } from './figure-rows.ts';

export type ChartColumn = { letter: string; name: string; result: AnyResult | undefined };

/** One color and one dash per column, so lines part by shape as well as by hue. */
export const COLUMN_STYLES = [
  { color: '#12355b', dash: undefined },
  { color: '#b45309', dash: '6 3' },
  { color: '#047857', dash: '2 3' },
  { color: '#7c3aed', dash: '10 4 2 4' },
] as const;

type Row = { key: string } & Record<string, number | string | undefined>;

function lineProps(index: number, letter: string, name: string) {
  const style = COLUMN_STYLES[index % COLUMN_STYLES.length] ?? COLUMN_STYLES[0];
  return {
    dataKey: letter,
    name: `${letter}: ${name}`,
    stroke: style.color,
    strokeDasharray: style.dash,
    strokeWidth: 2,
    dot: false,
    connectNulls: true,
    isAnimationActive: false,
  };
}

/** The portfolio's balance day by day, every strategy on one date axis. */
export function BalanceChart(props: { columns: ChartColumn[] }) {
  const byDate = new Map<string, Row>();
  const shown = props.columns.filter((column) => column.result && historyOf(column.result));
  for (const column of shown) {
    const history = column.result && historyOf(column.result);
    const series =
      history?.balance.data.find((item) => item.name === 'Portfolio') ?? history?.balance.data[0];
    series?.dates.forEach((date, index) => {
      const row = byDate.get(date) ?? { key: date, report_date: date };
      row[column.letter] = series.values[index];
      byDate.set(date, row);
    });
  }
  const rows = [...byDate.values()].sort((a, b) => a.key.localeCompare(b.key));
  if (rows.length === 0)
    return <ChartPlaceholder>No balance history to draw yet.</ChartPlaceholder>;
  const values = rows.flatMap((row) =>
    shown.map((column) => row[column.letter]).filter((value) => typeof value === 'number'),
  );
  const span = spanInDays(rows.map((row) => row.key));
  const first = rows[0]?.key;
  const last = rows.at(-1)?.key;
  return (
    <ChartFrame
      title="Balance"
      summary={`The balance of ${shown.map((column) => column.letter).join(', ')} from ${formatDate(first)} to ${formatDate(last)}.`}
      rows={rows}
      rowKey={(row) => row.key}
      columns={[
        { header: 'Date', cell: (row) => formatDate(row.key) },
        ...shown.map((column) => ({
          header: `${column.letter}: ${column.name}`,
          cell: (row: Row) => {
            const value = row[column.letter];
            return typeof value === 'number' ? formatUsd(value, { whole: true }) : MISSING;
          },
          numeric: true,
        })),
      ]}
    >
      <LineChart
        data={rows}
        title="Balance"
        style={{ width: '100%', height: '100%' }}
        responsive
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      >
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis {...dateAxisProps(span)} />
        <YAxis
          tickFormatter={usdTickFormatter(values as number[])}
          domain={['auto', 'auto']}
          width={64}
          stroke={CHART_COLORS.axis}
          fontSize={12}
        />
        <Tooltip
          labelFormatter={(date) => formatDate(String(date))}
          formatter={(value) => formatUsd(Number(value), { whole: true })}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {shown.map((column) => (
          <Line
            key={column.letter}
            {...lineProps(props.columns.indexOf(column), column.letter, column.name)}
          />
        ))}
      </LineChart>
    </ChartFrame>
  );
}

function shiftLabel(bps: number): string {
  return `${bps > 0 ? '+' : ''}${(bps / 100).toFixed(bps % 100 === 0 ? 0 : 2)}%`;
}

/** How each bond strategy's value moves when the whole curve shifts. */
export function RateShockChart(props: { columns: ChartColumn[] }) {
  const shown = props.columns.filter((column) => column.result && isBondResult(column.result));
  const byShift = new Map<number, Row>();
  for (const column of shown) {
    if (!column.result || !isBondResult(column.result)) continue;
    for (const point of column.result.rate_change_sensitivity) {
      const row = byShift.get(point.rate_change_bps) ?? {
        key: String(point.rate_change_bps),
        bps: point.rate_change_bps,
      };
      row[column.letter] = point.value_change;
      byShift.set(point.rate_change_bps, row);
    }
  }
  const rows = [...byShift.values()].sort((a, b) => Number(a.bps) - Number(b.bps));
  if (rows.length === 0) {
    return <ChartPlaceholder>Only bond strategies have a rate shock.</ChartPlaceholder>;
  }
  return (
    <ChartFrame
      title="Rate shock"
      summary={`Change in value of ${shown.map((column) => column.letter).join(', ')} when rates move from ${shiftLabel(Number(rows[0]?.bps))} to ${shiftLabel(Number(rows.at(-1)?.bps))}.`}
      rows={rows}
      rowKey={(row) => row.key}
      columns={[
        { header: 'Rate change', cell: (row) => shiftLabel(Number(row.bps)) },
        ...shown.map((column) => ({
          header: `${column.letter}: ${column.name}`,
          cell: (row: Row) => {
            const value = row[column.letter];
            return typeof value === 'number' ? formatPercent(value) : MISSING;
          },
          numeric: true,
        })),
      ]}
    >
      <LineChart
        data={rows}
        title="Rate shock"
        style={{ width: '100%', height: '100%' }}
        responsive
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      >
        <CartesianGrid stroke={CHART_COLORS.grid} />
        <XAxis
          dataKey="bps"
          type="number"
          domain={['dataMin', 'dataMax']}
          tickFormatter={(bps: number) => shiftLabel(bps)}
          stroke={CHART_COLORS.axis}
          fontSize={12}
        />
        <YAxis
          tickFormatter={(value: number) => formatPercent(value, 0)}
          width={48}
          stroke={CHART_COLORS.axis}
          fontSize={12}
        />
        <Tooltip
          labelFormatter={(bps) => `Rates ${shiftLabel(Number(bps))}`}
          formatter={(value) => formatPercent(Number(value))}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {shown.map((column) => (
          <Line
            key={column.letter}
            {...lineProps(props.columns.indexOf(column), column.letter, column.name)}
          />
        ))}
      </LineChart>
    </ChartFrame>
  );
}
