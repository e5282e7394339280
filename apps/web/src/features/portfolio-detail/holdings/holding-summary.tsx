import type { HoldingReport } from '@ballast/contract';
import { FigureList } from '../../../components/ui/figure-list.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import {
  formatDate,
  formatNumber,
  formatPercent,
  formatUsd,
  formatYears,
  MISSING,
} from '../../../lib/format.ts';

/** The latest holding report's headline figures (product §3 Holding report). */
export function HoldingSummary({ holding }: { holding: HoldingReport | null }) {
  return (
    <SectionCard title="Holdings summary">
      {holding ? (
        <FigureList
          columns="grid-cols-2 sm:grid-cols-4"
          figures={[
            { label: 'NAV', value: formatUsd(holding.nav) },
            { label: 'Yield to worst', value: formatPercent(holding.ytw) },
            {
              label: 'Duration',
              value: holding.duration === null ? MISSING : `${formatYears(holding.duration)} yrs`,
            },
            { label: 'Tax-equivalent yield', value: formatPercent(holding.tey) },
            { label: 'Average rating', value: holding.average_rating ?? MISSING },
            { label: 'Tax loss harvested', value: formatUsd(holding.tax_loss_harvested) },
            { label: 'Holdings', value: formatNumber(holding.number_of_holdings) },
            { label: 'Report date', value: formatDate(holding.report_date) },
          ]}
        />
      ) : (
        <p className="text-sm text-slate-600">
          No holding report yet: figures appear after the account's first valuation.
        </p>
      )}
    </SectionCard>
  );
}
