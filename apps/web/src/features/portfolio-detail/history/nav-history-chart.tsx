import type { NavHistoryPoint } from '@ballast/contract';
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import {
  CHART_COLORS,
  dateAxisProps,
  spanInDays,
  usdTickFormatter,
} from '../../../components/chart/chart-format.ts';
import { ChartFrame, ChartPlaceholder } from '../../../components/chart/chart-frame.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate, formatUsd } from '../../../lib/format.ts';
import { useNavHistory } from './use-history-series.ts';

const TITLE = 'NAV history';

function navSummary(points: readonly NavHistoryPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'No NAV values in this range.';
  return `${points.length} daily values from ${formatDate(first.report_date)} to ${formatDate(last.report_date)}; NAV went from ${formatUsd(first.nav)} to ${formatUsd(last.nav)}.`;
}

/** The net asset value day by day over the chosen range. */
export function NavHistoryChart(props: { portfolioId: string; start: string | undefined }) {
  const history = useNavHistory(props.portfolioId, props.start);
  if (history.isPending) {
    return (
      <div role="status" aria-label="Loading NAV history">
        <Skeleton className="h-[260px] w-full" />
      </div>
    );
  }
  if (history.isError) {
    return <ChartPlaceholder>{errorMessage(history.error)}</ChartPlaceholder>;
  }
  const points = history.data;
  if (points.length === 0) return <ChartPlaceholder>No NAV values in this range.</ChartPlaceholder>;
  const span = spanInDays(points.map((point) => point.report_date));
  return (
    <ChartFrame
      title={TITLE}
      summary={navSummary(points)}
      rows={points}
      rowKey={(point) => point.report_date}
      columns={[
        { header: 'Date', cell: (point) => formatDate(point.report_date) },
        { header: 'NAV', cell: (point) => formatUsd(point.nav), numeric: true },
      ]}
    >
      <AreaChart
        data={points}
        title={TITLE}
        style={{ width: '100%', height: '100%' }}
        responsive
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      >
        <defs>
          <linearGradient id="nav-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={CHART_COLORS.nav} stopOpacity={0.25} />
            <stop offset="100%" stopColor={CHART_COLORS.nav} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis {...dateAxisProps(span)} />
        <YAxis
          tickFormatter={usdTickFormatter(points.map((point) => point.nav))}
          domain={['auto', 'auto']}
          width={64}
          stroke={CHART_COLORS.axis}
          fontSize={12}
        />
        <Tooltip
          labelFormatter={(date) => formatDate(String(date))}
          formatter={(value) => [formatUsd(Number(value)), 'NAV']}
        />
        <Area
          type="monotone"
          dataKey="nav"
          name="NAV"
          stroke={CHART_COLORS.nav}
          strokeWidth={2}
          fill="url(#nav-fill)"
          isAnimationActive={false}
        />
      </AreaChart>
    </ChartFrame>
  );
}
