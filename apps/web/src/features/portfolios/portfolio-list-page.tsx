import type { PortfolioListItem } from '@ballast/contract';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DeletePortfolioDialog } from '../../components/delete-portfolio-dialog.tsx';
import { buttonClassName } from '../../components/ui/button.tsx';
import { ValuationProgressLine } from '../../components/valuation-progress-line.tsx';
import { paths } from '../../config/paths.ts';
import { downloadCsv, toCsv } from '../../lib/csv.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useCurrentAdvisor } from '../../lib/use-current-advisor.ts';
import { type ListParams, readListParams, readSort, writeListParams } from './list-params.ts';
import {
  filterByClientName,
  PORTFOLIO_CSV_COLUMNS,
  portfolioCsvFileName,
  sortPortfolios,
} from './portfolio-fields.ts';
import {
  NoMatchingPortfolios,
  NoPortfolios,
  PortfolioListError,
  PortfolioTableSkeleton,
} from './portfolio-list-states.tsx';
import { PortfolioListToolbar } from './portfolio-list-toolbar.tsx';
import { PortfolioTable } from './portfolio-table.tsx';
import { PortfolioTotals, PortfolioTotalsSkeleton } from './portfolio-totals.tsx';
import { usePortfolioList } from './use-portfolio-list.ts';

/** Home: the portfolios the advisor may see, under the totals for the status chosen. */
export default function PortfolioListPage() {
  usePageTitle('Home');
  const advisor = useCurrentAdvisor();
  const [searchParams, setSearchParams] = useSearchParams();
  const { status } = readListParams(searchParams);
  const sortParam = searchParams.get('sort');
  const sort = useMemo(() => readSort(sortParam), [sortParam]);
  // The box answers every keystroke at once; the filtering of thousands of rows may lag a frame.
  const [searchText, setSearchText] = useState(() => readListParams(searchParams).search);
  const search = useDeferredValue(searchText);
  const [toDelete, setToDelete] = useState<PortfolioListItem | null>(null);
  const list = usePortfolioList(status);
  const heading = useRef<HTMLHeadingElement>(null);

  const choose = useCallback(
    (choices: Partial<ListParams>) =>
      setSearchParams((current) => writeListParams({ ...readListParams(current), ...choices }), {
        replace: true,
      }),
    [setSearchParams],
  );

  const portfolios = list.data?.portfolios;
  const matching = useMemo(
    () => filterByClientName(portfolios ?? [], search),
    [portfolios, search],
  );
  const rows = useMemo(() => sortPortfolios(matching, sort), [matching, sort]);

  const hasNoPortfolios = list.data !== undefined && status === null && portfolios?.length === 0;
  const isUpdating = list.isPlaceholderData;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-navy-800">
          Portfolios
        </h1>
        {/* Operations staff open no accounts (docs/architecture.md "Roles"). */}
        {advisor.data && advisor.data.role !== 'OPERATIONS' && (
          <Link to={paths.onboarding} className={buttonClassName('primary')}>
            Open an account
          </Link>
        )}
      </div>
      <ValuationProgressLine />
      {list.data ? (
        <PortfolioTotals totals={list.data} status={status} isUpdating={isUpdating} />
      ) : (
        list.isPending && <PortfolioTotalsSkeleton />
      )}
      {hasNoPortfolios ? (
        <NoPortfolios />
      ) : (
        <div className="space-y-3">
          <PortfolioListToolbar
            status={status}
            onStatusChange={(next) => choose({ status: next })}
            search={searchText}
            onSearchChange={(next) => {
              setSearchText(next);
              choose({ search: next });
            }}
            counts={portfolios ? { shown: rows.length, loaded: portfolios.length } : null}
            onExport={() =>
              downloadCsv(portfolioCsvFileName(new Date()), toCsv(PORTFOLIO_CSV_COLUMNS, rows))
            }
          />
          {list.isError && (
            <PortfolioListError
              error={list.error}
              onRetry={() => void list.refetch()}
              isRetrying={list.isFetching}
            />
          )}
          {list.isPending && <PortfolioTableSkeleton />}
          {portfolios &&
            (rows.length === 0 ? (
              <NoMatchingPortfolios
                status={status}
                search={search}
                onClear={() => {
                  setSearchText('');
                  choose({ status: null, search: '' });
                }}
              />
            ) : (
              <PortfolioTable
                portfolios={rows}
                sort={sort}
                onSortChange={(next) => choose({ sort: next })}
                onDelete={setToDelete}
                isUpdating={isUpdating}
              />
            ))}
        </div>
      )}
      <DeletePortfolioDialog
        portfolio={toDelete}
        onClose={() => setToDelete(null)}
        returnFocus={() => heading.current}
      />
    </div>
  );
}
