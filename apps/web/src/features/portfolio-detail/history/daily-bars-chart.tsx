import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  CHART_COLORS,
  dateAxisProps,
  spanInDays,
  usdTick,
} from '../../../components/chart/chart-format.ts';
import { ChartFrame, ChartPlaceholder } from '../../../components/chart/chart-frame.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate, formatUsd } from '../../../lib/format.ts';

const HEIGHT = 220;

/** One day of a two-sided series: money that came in (above the line) and went out (below). */
type DailyPair = { report_date: string; up: number; down: number };

/**
 * Daily amounts as bars above and below the line, such as deposits and withdrawals. Its table
 * lists only the days with a movement, since most days have none.
 */
export function DailyBarsChart(props: {
  title: string;
  upName: string;
  downName: string;
  /** "deposits … and withdrawals …" — what the totals are called in the summary sentence. */
  upTotalName: string;
  downTotalName: string;
  query: { isPending: boolean; error: Error | null; data: DailyPair[] | undefined };
}) {
  const { title, query } = props;
  if (query.isPending) {
    return (
      <div role="status" aria-label={`Loading ${title.toLowerCase()}`}>
        <Skeleton className="h-[220px] w-full" />
      </div>
    );
  }
  if (query.error || !query.data) {
    return <ChartPlaceholder height={HEIGHT}>{errorMessage(query.error)}</ChartPlaceholder>;
  }
  const points = query.data;
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) {
    return <ChartPlaceholder height={HEIGHT}>Nothing to show in this range.</ChartPlaceholder>;
  }
  const upTotal = points.reduce((sum, point) => sum + point.up, 0);
  const downTotal = points.reduce((sum, point) => sum + point.down, 0);
  const summary = `${props.upTotalName} of ${formatUsd(upTotal)} and ${props.downTotalName} of ${formatUsd(downTotal)} from ${formatDate(first.report_date)} to ${formatDate(last.report_date)}.`;
  const bars = points.map((point) => ({ ...point, down: -point.down }));
  const span = spanInDays(points.map((point) => point.report_date));
  return (
    <ChartFrame
      title={title}
      summary={summary}
      height={HEIGHT}
      rows={points.filter((point) => point.up !== 0 || point.down !== 0)}
      rowKey={(point) => point.report_date}
      columns={[
        { header: 'Date', cell: (point) => formatDate(point.report_date) },
        { header: props.upName, cell: (point) => formatUsd(point.up), numeric: true },
        { header: props.downName, cell: (point) => formatUsd(point.down), numeric: true },
      ]}
    >
      <BarChart
        data={bars}
        stackOffset="sign"
        responsive
        style={{ width: '100%', height: '100%' }}
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      >
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis {...dateAxisProps(span)} />
        <YAxis tickFormatter={usdTick} width={64} stroke={CHART_COLORS.axis} fontSize={12} />
        <ReferenceLine y={0} stroke={CHART_COLORS.axis} />
        <Tooltip
          labelFormatter={(date) => formatDate(String(date))}
          formatter={(value, name) => [formatUsd(Math.abs(Number(value))), name]}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar
          dataKey="up"
          name={props.upName}
          stackId="day"
          fill={CHART_COLORS.inflow}
          isAnimationActive={false}
        />
        <Bar
          dataKey="down"
          name={props.downName}
          stackId="day"
          fill={CHART_COLORS.outflow}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFrame>
  );
}
