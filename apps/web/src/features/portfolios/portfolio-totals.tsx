import type { PortfolioListResponse, PortfolioStatus } from '@ballast/contract';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatUsd } from '../../lib/format.ts';
import { PORTFOLIO_STATUS_LABELS } from '../../lib/portfolio-status.ts';

type Totals = Pick<PortfolioListResponse, 'aum' | 'avg_aum' | 'number_of_portfolios'>;

/** The server's aggregates for the status chosen: AUM, average AUM and number of portfolios. */
export function PortfolioTotals(props: {
  totals: Totals;
  status: PortfolioStatus | null;
  isUpdating: boolean;
}) {
  const { totals } = props;
  const scope = props.status
    ? `Status: ${PORTFOLIO_STATUS_LABELS[props.status]}`
    : 'All portfolios';
  return (
    <section aria-labelledby="portfolio-totals-heading" aria-busy={props.isUpdating}>
      <h2 id="portfolio-totals-heading" className="sr-only">
        Totals: {scope}
      </h2>
      <dl
        className={`grid grid-cols-1 gap-4 sm:grid-cols-3 ${props.isUpdating ? 'opacity-60' : ''}`}
      >
        <TotalCard
          label="Assets under management"
          value={formatUsd(totals.aum, { whole: true })}
          scope={scope}
        />
        <TotalCard
          label="Average AUM"
          value={formatUsd(totals.avg_aum, { whole: true })}
          scope="Per portfolio"
        />
        <TotalCard
          label="Portfolios"
          value={totals.number_of_portfolios.toLocaleString('en-US')}
          scope={scope}
        />
      </dl>
    </section>
  );
}

function TotalCard(props: { label: string; value: string; scope: string }) {
  return (
    <div className="rounded-lg border border-slate-200 border-t-4 border-t-navy-600 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{props.label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-navy-800">{props.value}</dd>
      <dd className="mt-1 text-xs text-slate-600">{props.scope}</dd>
    </div>
  );
}

export function PortfolioTotalsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {['aum', 'average', 'count'].map((key) => (
        <div key={key} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="mt-2 h-7 w-40" />
        </div>
      ))}
    </div>
  );
}
