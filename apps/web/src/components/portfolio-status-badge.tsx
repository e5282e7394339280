import type { PortfolioStatus } from '@ballast/contract';

const STATUS_STYLES: Record<PortfolioStatus, { label: string; className: string }> = {
  'IN-GOOD-ORDER': { label: 'In good order', className: 'bg-emerald-100 text-emerald-900' },
  PENDING: { label: 'Pending', className: 'bg-amber-100 text-amber-900' },
  'NEEDS-ACTION': { label: 'Needs action', className: 'bg-red-100 text-red-900' },
  INCOMPLETE: { label: 'Incomplete', className: 'bg-slate-200 text-slate-800' },
  CLOSED: { label: 'Closed', className: 'bg-slate-700 text-white' },
};

/** The portfolio's derived status (spec §4) as a coloured word; the word carries the meaning. */
export function PortfolioStatusBadge({ status }: { status: PortfolioStatus }) {
  const style = STATUS_STYLES[status];
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${style.className}`}
    >
      <span className="sr-only">Status: </span>
      {style.label}
    </span>
  );
}
