import type { AssetDistribution } from '@ballast/contract';
import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS } from '../../../components/chart/chart-format.ts';
import { ChartFrame } from '../../../components/chart/chart-frame.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { formatPercent } from '../../../lib/format.ts';

const CLASS_LABELS: Record<keyof AssetDistribution, string> = {
  national_municipal_bonds: 'National munis',
  in_state_municipal_bonds: 'In-state munis',
  corporate_bonds: 'Corporates',
  treasury_bonds: 'Treasuries',
  cash: 'Cash',
};

const TITLE = 'Asset distribution';

/** Share of NAV per asset class, as horizontal bars labelled with their percentages. */
export function AssetDistributionChart(props: { distribution: AssetDistribution | null }) {
  const { distribution } = props;
  if (!distribution) {
    return (
      <SectionCard title={TITLE}>
        <p className="text-sm text-slate-600">
          No distribution by bond class: this account holds tokens, or has no holdings yet.
        </p>
      </SectionCard>
    );
  }
  const rows = (Object.keys(CLASS_LABELS) as (keyof AssetDistribution)[]).map((key) => ({
    key,
    label: CLASS_LABELS[key],
    pct: distribution[key],
  }));
  const largest = rows.reduce((top, row) => (row.pct > top.pct ? row : top));
  return (
    <SectionCard title={TITLE}>
      <ChartFrame
        title={TITLE}
        summary={`Largest share: ${largest.label}, ${formatPercent(largest.pct)} of NAV.`}
        rows={rows}
        rowKey={(row) => row.key}
        height={240}
        columns={[
          { header: 'Asset class', cell: (row) => row.label },
          { header: 'Share of NAV', cell: (row) => formatPercent(row.pct), numeric: true },
        ]}
      >
        <BarChart
          data={rows}
          layout="vertical"
          responsive
          style={{ width: '100%', height: '100%' }}
          margin={{ top: 4, right: 48, bottom: 4, left: 4 }}
        >
          <CartesianGrid stroke={CHART_COLORS.grid} horizontal={false} />
          <XAxis
            type="number"
            domain={[0, 100]}
            unit="%"
            stroke={CHART_COLORS.axis}
            fontSize={12}
          />
          <YAxis
            type="category"
            dataKey="label"
            width={104}
            stroke={CHART_COLORS.axis}
            fontSize={12}
          />
          <Tooltip formatter={(value) => [formatPercent(Number(value)), 'Share of NAV']} />
          <Bar dataKey="pct" fill={CHART_COLORS.nav} isAnimationActive={false}>
            <LabelList
              dataKey="pct"
              position="right"
              fontSize={12}
              formatter={(value) => formatPercent(Number(value))}
            />
          </Bar>
        </BarChart>
      </ChartFrame>
    </SectionCard>
  );
}
