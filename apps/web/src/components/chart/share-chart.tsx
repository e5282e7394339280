import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPercent } from '../../lib/format.ts';
import { CHART_COLORS } from './chart-format.ts';
import { ChartFrame, ChartPlaceholder } from './chart-frame.tsx';

const BAR_HEIGHT = 26;

type Share = { key: string; label: string; pct: number };

/**
 * Shares of a whole (a simulation's exposures, composition, token attributes; a portfolio's
 * asset distribution) as horizontal bars labelled with their percentages; the height grows
 * with the number of categories so labels never crowd.
 */
export function ShareChart(props: {
  title: string;
  shares: Share[];
  /** The table's heading over the categories; the title unless given. */
  categoryHeader?: string;
  /** What a share is called in the table and the tooltip ('Share of NAV'); 'Share' unless given. */
  shareHeader?: string;
  /** The sentence under the chart, from its largest share. */
  summary?(largest: Share): string;
}) {
  const { shares, shareHeader = 'Share' } = props;
  const largest = shares.reduce<Share | undefined>(
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
      summary={
        props.summary?.(largest) ?? `Largest: ${largest.label}, ${formatPercent(largest.pct)}.`
      }
      rows={shares}
      rowKey={(share) => share.key}
      height={height}
      columns={[
        { header: props.categoryHeader ?? props.title, cell: (share) => share.label },
        { header: shareHeader, cell: (share) => formatPercent(share.pct), numeric: true },
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
        <Tooltip formatter={(value) => [formatPercent(Number(value)), shareHeader]} />
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
