import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPercent } from '../../lib/format.ts';
import { CHART_COLORS } from '../chart/chart-format.ts';
import { ChartFrame, ChartPlaceholder } from '../chart/chart-frame.tsx';

const BAR_HEIGHT = 26;

/**
 * Shares of a whole (exposures, composition, token attributes) as horizontal bars labelled with
 * their percentages; the height grows with the number of categories so labels never crowd.
 */
export function ShareChart(props: {
  title: string;
  shares: { key: string; label: string; pct: number }[];
}) {
  const { shares } = props;
  const largest = shares.reduce<(typeof shares)[number] | undefined>(
    (top, share) => (top === undefined || share.pct > top.pct ? share : top),
    undefined,
  );
  if (!largest) return <ChartPlaceholder height={96}>Nothing in this table.</ChartPlaceholder>;
  const height = Math.max(120, shares.length * BAR_HEIGHT + 36);
  // Wide enough for the longest label at the axis's 12 px, up to a limit past which it wraps.
  const labelWidth = Math.min(
    180,
    Math.max(56, ...shares.map((share) => share.label.length * 7.5 + 24)),
  );
  return (
    <ChartFrame
      title={props.title}
      summary={`Largest: ${largest.label}, ${formatPercent(largest.pct)}.`}
      rows={shares}
      rowKey={(share) => share.key}
      height={height}
      columns={[
        { header: props.title, cell: (share) => share.label },
        { header: 'Share', cell: (share) => formatPercent(share.pct), numeric: true },
      ]}
    >
      <BarChart
        data={shares}
        layout="vertical"
        responsive
        style={{ width: '100%', height: '100%' }}
        margin={{ top: 0, right: 56, bottom: 0, left: 4 }}
      >
        <CartesianGrid stroke={CHART_COLORS.grid} horizontal={false} />
        <XAxis type="number" domain={[0, 100]} unit="%" stroke={CHART_COLORS.axis} fontSize={12} />
        <YAxis
          type="category"
          dataKey="label"
          width={labelWidth}
          interval={0}
          stroke={CHART_COLORS.axis}
          fontSize={12}
        />
        <Tooltip formatter={(value) => [formatPercent(Number(value)), 'Share']} />
        <Bar dataKey="pct" fill={CHART_COLORS.nav} isAnimationActive={false} barSize={16}>
          <LabelList
            dataKey="pct"
            position="right"
            fontSize={12}
            formatter={(value) => formatPercent(Number(value))}
          />
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}
