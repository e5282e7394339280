import type { PortfolioStatus } from '@ballast/contract';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { PORTFOLIO_STATUS_LABELS } from '../../lib/portfolio-status.ts';

/** The table's shape in grey while the list loads; screen readers hear "Loading portfolios". */
export function PortfolioTableSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <span className="sr-only">Loading portfolios…</span>
      <Skeleton className="h-8 w-full" />
      {['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((key) => (
        <Skeleton key={key} className="h-9 w-full" />
      ))}
    </div>
  );
}

export function PortfolioListError(props: {
  error: unknown;
  onRetry(): void;
  isRetrying: boolean;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-6 text-slate-900">
      <h2 className="font-semibold text-red-900">The portfolios could not be loaded.</h2>
      <p className="mt-1 text-sm">{errorMessage(props.error)}</p>
      <Button className="mt-4" onClick={props.onRetry} disabled={props.isRetrying}>
        {props.isRetrying ? 'Trying again…' : 'Try again'}
      </Button>
    </div>
  );
}

function EmptyPanel(props: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <h2 className="text-lg font-semibold text-navy-800">{props.title}</h2>
      <div className="mx-auto mt-2 max-w-md text-sm text-slate-700">{props.children}</div>
    </div>
  );
}

/** A firm (or an advisor) with no portfolio at all. */
export function NoPortfolios() {
  return (
    <EmptyPanel title="No portfolios yet">
      <p>Portfolios opened for your clients will be listed here with their figures and status.</p>
    </EmptyPanel>
  );
}

/** Portfolios exist, but the status or the search leaves none of them. */
export function NoMatchingPortfolios(props: {
  status: PortfolioStatus | null;
  search: string;
  onClear(): void;
}) {
  const search = props.search.trim();
  const status = props.status ? PORTFOLIO_STATUS_LABELS[props.status] : null;
  const reason =
    status && search
      ? `No portfolio with the status “${status}” has a client name containing “${search}”.`
      : search
        ? `No client name contains “${search}”.`
        : `No portfolio has the status “${status}”.`;
  return (
    <EmptyPanel title="No portfolio matches">
      <p>{reason}</p>
      <Button variant="secondary" className="mt-4" onClick={props.onClear}>
        Clear filters
      </Button>
    </EmptyPanel>
  );
}
