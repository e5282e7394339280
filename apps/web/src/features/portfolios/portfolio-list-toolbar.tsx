import { PORTFOLIO_STATUSES, type PortfolioStatus } from '@ballast/contract';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { isPortfolioStatus, PORTFOLIO_STATUS_LABELS } from '../../lib/portfolio-status.ts';

const ALL_STATUSES = '';

/** Status filter, client-name search, the count shown and the CSV export, above the table. */
export function PortfolioListToolbar(props: {
  status: PortfolioStatus | null;
  onStatusChange(status: PortfolioStatus | null): void;
  search: string;
  onSearchChange(search: string): void;
  /** Rows shown and rows loaded, or null while the list loads. */
  counts: { shown: number; loaded: number } | null;
  onExport(): void;
}) {
  const { counts } = props;
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
      <Field label="Status">
        {(control) => (
          <select
            {...control}
            className={`${inputClass} h-10 min-w-44`}
            value={props.status ?? ALL_STATUSES}
            onChange={(event) => {
              const { value } = event.target;
              props.onStatusChange(isPortfolioStatus(value) ? value : null);
            }}
          >
            <option value={ALL_STATUSES}>All statuses</option>
            {PORTFOLIO_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PORTFOLIO_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Search by client name">
        {(control) => (
          <input
            {...control}
            type="search"
            autoComplete="off"
            spellCheck={false}
            className={`${inputClass} h-10 w-72 max-w-full`}
            value={props.search}
            onChange={(event) => props.onSearchChange(event.target.value)}
          />
        )}
      </Field>
      <div className="ml-auto flex items-center gap-4">
        <p role="status" className="text-sm text-slate-700">
          {counts &&
            (counts.shown === counts.loaded
              ? `${counts.loaded.toLocaleString('en-US')} ${counts.loaded === 1 ? 'portfolio' : 'portfolios'}`
              : `Showing ${counts.shown.toLocaleString('en-US')} of ${counts.loaded.toLocaleString('en-US')} portfolios`)}
        </p>
        <Button
          variant="secondary"
          className="h-10"
          onClick={props.onExport}
          disabled={!counts || counts.shown === 0}
        >
          Export CSV
        </Button>
      </div>
    </div>
  );
}
