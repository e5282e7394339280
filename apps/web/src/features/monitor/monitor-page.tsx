import type { Action, PortfolioListItem } from '@ballast/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DeletePortfolioDialog } from '../../components/delete-portfolio-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { LoadingBlock } from '../../components/ui/skeleton.tsx';
import { ACTION_TYPE_LABELS } from '../../lib/action-words.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { downloadCsv } from '../../lib/csv.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useCurrentAdvisor } from '../../lib/use-current-advisor.ts';
import { AnswerRequestForm } from './answer-request-form.tsx';
import { CategoryCounts } from './category-counts.tsx';
import { monitorCsv } from './monitor-csv.ts';
import {
  advisorNames,
  countByCategory,
  filterItems,
  type MonitorFilters,
  readMonitorFilters,
  writeMonitorFilters,
} from './monitor-filters.ts';
import { alertItems, portfolioItems, requestItems } from './monitor-items.ts';
import { MonitorSections } from './monitor-sections.tsx';
import { MonitorToolbar } from './monitor-toolbar.tsx';
import { useMonitorAlerts, useMonitorPortfolios, useMonitorRequests } from './use-monitor-data.ts';

/**
 * /monitor: what needs attention across the portfolios the user may see (an advisor's own, the
 * firm for everyone else): requests waiting for them, under way or failed, portfolios to finish
 * or on do-not-trade, and the alerts the api reads from each portfolio's latest report
 * (decision 020). The filters live in the address.
 */
export default function MonitorPage() {
  usePageTitle('Monitor');
  const advisor = useCurrentAdvisor({ refetchOnMount: false });
  const requests = useMonitorRequests();
  const portfolios = useMonitorPortfolios();
  const alerts = useMonitorAlerts();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readMonitorFilters(searchParams);
  const [responding, setResponding] = useState<Action | null>(null);
  const [deleting, setDeleting] = useState<PortfolioListItem | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const setFilters = useCallback(
    (choices: Partial<MonitorFilters>) =>
      setSearchParams(
        (current) => writeMonitorFilters({ ...readMonitorFilters(current), ...choices }),
        { replace: true },
      ),
    [setSearchParams],
  );

  const items = useMemo(
    () => [
      ...requestItems(requests.data ?? []),
      ...portfolioItems(portfolios.data?.portfolios ?? []),
      ...alertItems(alerts.data?.alerts ?? []),
    ],
    [requests.data, portfolios.data, alerts.data],
  );
  // Ages are read against the moment the requests last arrived, so they agree with each other.
  const now = requests.dataUpdatedAt || Date.now();
  const shown = filterItems(items, filters, now);
  const counts = countByCategory(items, filters, now);
  const sources = [requests, portfolios, alerts];
  const loading = sources.some((source) => source.isPending);
  const failed = sources.filter((source) => source.isError);

  const scope =
    advisor.data?.role === 'ADVISOR' ? 'the portfolios you advise' : 'every portfolio of the firm';

  return (
    <div className="space-y-4">
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-navy-800">
          Monitor
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          What needs attention across {scope}.
          {alerts.data && ` Alerts as of ${formatDate(alerts.data.as_of)}.`}
        </p>
      </div>
      {failed.length > 0 && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          <p>
            Part of the monitor could not be loaded.{' '}
            {failed.map((source) => errorMessage(source.error)).join(' ')}
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              for (const source of failed) void source.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      )}
      <MonitorToolbar
        filters={filters}
        advisors={advisorNames(items)}
        onChange={setFilters}
        shown={loading ? null : shown.length}
        onExport={() =>
          downloadCsv(
            `monitor-${new Date(now).toISOString().slice(0, 10)}.csv`,
            monitorCsv(shown, now),
          )
        }
      />
      {loading ? (
        <LoadingBlock label="Loading the monitor" rows={4} />
      ) : (
        <>
          <CategoryCounts
            counts={counts}
            status={filters.status}
            onChoose={(status) => setFilters({ status })}
          />
          <MonitorSections
            items={shown}
            only={filters.status}
            now={now}
            onRespond={setResponding}
            onDelete={setDeleting}
          />
        </>
      )}
      <Modal
        open={responding !== null}
        onOpenChange={(open) => {
          if (!open) setResponding(null);
        }}
        title={
          responding ? `Respond: ${ACTION_TYPE_LABELS[responding.action_type].toLowerCase()}` : ''
        }
        returnFocus={() => heading.current}
      >
        {responding && <AnswerRequestForm action={responding} onDone={() => setResponding(null)} />}
      </Modal>
      <DeletePortfolioDialog
        portfolio={deleting}
        onClose={() => setDeleting(null)}
        returnFocus={() => heading.current}
      />
    </div>
  );
}
