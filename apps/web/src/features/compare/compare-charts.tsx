import type { ReactNode } from 'react';
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
type Point = { at: number | string; value: number | undefined };

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

const byPlace = (a: Row, b: Row, atKey: string) => {
  const [x, y] = [a[atKey], b[atKey]];
  return typeof x === 'number' && typeof y === 'number'
    ? x - y
    : String(x).localeCompare(String(y));
};

/**
 * Every compared strategy as one line over a shared axis, with the same figures as a table;
 * what one chart draws differs from another only in its points, axes and formats.
 */
function ColumnLines(props: {
  title: string;
  columns: ChartColumn[];
  /** A result's points, or undefined when it has none of this kind (its column is left out). */
  pointsOf(result: AnyResult): readonly Point[] | undefined;
  /** The row field the horizontal axis reads. */
  atKey: string;
  atHeader: string;
  formatAt(at: number | string): string;
  formatValue(value: number): string;
  tooltipLabel(at: number | string): string;
  summary(letters: string, from: string, to: string): string;
  placeholder: string;
  hasVerticalGrid: boolean;
  axes(rows: readonly Row[], values: readonly number[]): ReactNode;
}) {
  const { atKey } = props;
  const byPlaceKey = new Map<string, Row>();
  const shown: ChartColumn[] = [];
  for (const column of props.columns) {
    const points = column.result && props.pointsOf(column.result);
    if (!points) continue;
    shown.push(column);
    for (const point of points) {
      const key = String(point.at);
      const row = byPlaceKey.get(key) ?? { key, [atKey]: point.at };
      row[column.letter] = point.value;
      byPlaceKey.set(key, row);
    }
  }
  const rows = [...byPlaceKey.values()].sort((a, b) => byPlace(a, b, atKey));
  const first = rows[0]?.[atKey];
  const last = rows.at(-1)?.[atKey];
  if (first === undefined || last === undefined) {
    return <ChartPlaceholder>{props.placeholder}</ChartPlaceholder>;
  }
  const values = rows.flatMap((row) =>
    shown.map((column) => row[column.letter]).filter((value) => typeof value === 'number'),
  );
  return (
    <ChartFrame
      title={props.title}
      summary={props.summary(
        shown.map((column) => column.letter).join(', '),
        props.formatAt(first),
        props.formatAt(last),
      )}
      rows={rows}
      rowKey={(row) => row.key}
      columns={[
        { header: props.atHeader, cell: (row) => props.formatAt(row[atKey] ?? row.key) },
        ...shown.map((column) => ({
          header: `${column.letter}: ${column.name}`,
          cell: (row: Row) => {
            const value = row[column.letter];
            return typeof value === 'number' ? props.formatValue(value) : MISSING;
          },
          numeric: true,
        })),
      ]}
    >
      <LineChart
        data={rows}
        title={props.title}
        style={{ width: '100%', height: '100%' }}
        responsive
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      >
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={props.hasVerticalGrid} />
        {props.axes(rows, values)}
        <Tooltip
          labelFormatter={(at) => props.tooltipLabel(at as number | string)}
          formatter={(value) => props.formatValue(Number(value))}
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

const formatBalance = (value: number) => formatUsd(value, { whole: true });
const formatDay = (date: number | string) => formatDate(String(date));

/** The portfolio's balance day by day, every strategy on one date axis. */
export function BalanceChart(props: { columns: ChartColumn[] }) {
  return (
    <ColumnLines
      title="Balance"
      columns={props.columns}
      pointsOf={(result) => {
        const history = historyOf(result);
        if (!history) return undefined;
        const series =
          history.balance.data.find((item) => item.name === 'Portfolio') ?? history.balance.data[0];
        return (series?.dates ?? []).map((date, index) => ({
          at: date,
          value: series?.values[index],
        }));
      }}
      atKey="report_date"
      atHeader="Date"
      formatAt={formatDay}
      formatValue={formatBalance}
      tooltipLabel={formatDay}
      summary={(letters, from, to) => `The balance of ${letters} from ${from} to ${to}.`}
      placeholder="No balance history to draw yet."
      hasVerticalGrid={false}
      axes={(rows, values) => (
        <>
          <XAxis {...dateAxisProps(spanInDays(rows.map((row) => row.key)))} />
          <YAxis
            tickFormatter={usdTickFormatter(values)}
            domain={['auto', 'auto']}
            width={64}
            stroke={CHART_COLORS.axis}
            fontSize={12}
          />
        </>
      )}
    />
  );
}

function shiftLabel(bps: number | string): string {
  const shift = Number(bps);
  return `${shift > 0 ? '+' : ''}${(shift / 100).toFixed(shift % 100 === 0 ? 0 : 2)}%`;
}

/** How each bond strategy's value moves when the whole curve shifts. */
export function RateShockChart(props: { columns: ChartColumn[] }) {
  return (
    <ColumnLines
      title="Rate shock"
      columns={props.columns}
      pointsOf={(result) =>
        isBondResult(result)
          ? result.rate_change_sensitivity.map((point) => ({
              at: point.rate_change_bps,
              value: point.value_change,
            }))
          : undefined
      }
      atKey="bps"
      atHeader="Rate change"
      formatAt={shiftLabel}
      formatValue={(value) => formatPercent(value)}
      tooltipLabel={(bps) => `Rates ${shiftLabel(bps)}`}
      summary={(letters, from, to) =>
        `Change in value of ${letters} when rates move from ${from} to ${to}.`
      }
      placeholder="Only bond strategies have a rate shock."
      hasVerticalGrid
      axes={() => (
        <>
          <XAxis
            dataKey="bps"
            type="number"
            domain={['dataMin', 'dataMax']}
            tickFormatter={shiftLabel}
            stroke={CHART_COLORS.axis}
            fontSize={12}
          />
          <YAxis
            tickFormatter={(value: number) => formatPercent(value, 0)}
            width={48}
            stroke={CHART_COLORS.axis}
            fontSize={12}
          />
        </>
      )}
    />
  );
}
