import type { DataSeries } from '@ballast/contract';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDate } from '../../lib/format.ts';
import { CHART_COLORS, dateAxisProps, spanInDays } from '../chart/chart-format.ts';
import { ChartFrame, ChartPlaceholder } from '../chart/chart-frame.tsx';

/** The portfolio's line first, then the benchmark's, then any other, told apart by colour and dash. */
const LINE_STYLES = [
  { stroke: CHART_COLORS.nav, strokeDasharray: undefined },
  { stroke: '#b45309', strokeDasharray: '6 3' },
  { stroke: '#475569', strokeDasharray: '2 2' },
] as const;

type Row = { report_date: string } & Record<string, number | string>;

/** The series side by side, one row per date, in date order. */
function rowsByDate(series: readonly DataSeries[]): Row[] {
  const rows = new Map<string, Row>();
  for (const line of series) {
    line.dates.forEach((date, index) => {
      const row: Row = rows.get(date) ?? { report_date: date };
      row[line.name] = line.values[index] ?? Number.NaN;
      rows.set(date, row);
    });
  }
  return [...rows.values()].sort((a, b) => a.report_date.localeCompare(b.report_date));
}

/**
 * Daily series of a backtest on one date axis (the balance against the benchmark, the relative
 * performance), with every series a column of the table view.
 */
export function SeriesChart(props: {
  title: string;
  summary: string;
  series: readonly DataSeries[];
  format(value: number): string;
  tickFormat(value: number): string;
  /** Draws a line at zero, for a series that swings around it. */
  zeroLine?: boolean;
  height?: number;
}) {
  const rows = rowsByDate(props.series);
  if (rows.length === 0) return <ChartPlaceholder>No values to show.</ChartPlaceholder>;
  const span = spanInDays(rows.map((row) => row.report_date));
  const value = (row: Row, name: string) => {
    const cell = row[name];
    return typeof cell === 'number' ? props.format(cell) : '';
  };
  return (
    <ChartFrame
      title={props.title}
      summary={props.summary}
      rows={rows}
      rowKey={(row) => row.report_date}
      height={props.height}
      columns={[
        { header: 'Date', cell: (row) => formatDate(row.report_date) },
        ...props.series.map((line) => ({
          header: line.name,
          cell: (row: Row) => value(row, line.name),
          numeric: true,
        })),
      ]}
    >
      <LineChart
        data={rows}
        title={props.title}
        responsive
        style={{ width: '100%', height: '100%' }}
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      >
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis {...dateAxisProps(span)} />
        <YAxis
          tickFormatter={props.tickFormat}
          domain={['auto', 'auto']}
          width={64}
          stroke={CHART_COLORS.axis}
          fontSize={12}
        />
        {props.zeroLine && <ReferenceLine y={0} stroke={CHART_COLORS.axis} />}
        <Tooltip
          labelFormatter={(date) => formatDate(String(date))}
          formatter={(cell, name) => [props.format(Number(cell)), name]}
        />
        {props.series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {props.series.map((line, index) => (
          <Line
            key={line.name}
            type="monotone"
            dataKey={line.name}
            name={line.name}
            dot={false}
            strokeWidth={index === 0 ? 2 : 1.5}
            {...LINE_STYLES[index % LINE_STYLES.length]}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ChartFrame>
  );
}
