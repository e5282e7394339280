import type { AssetDistribution } from '@ballast/contract';
import { ShareChart } from '../../../components/chart/share-chart.tsx';
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

/** Share of NAV per asset class. */
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
  return (
    <SectionCard title={TITLE}>
      <ShareChart
        title={TITLE}
        shares={rows}
        categoryHeader="Asset class"
        shareHeader="Share of NAV"
        summary={(largest) =>
          `Largest share: ${largest.label}, ${formatPercent(largest.pct)} of NAV.`
        }
      />
    </SectionCard>
  );
}
