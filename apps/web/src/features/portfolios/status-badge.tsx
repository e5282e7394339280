import type { PortfolioStatus } from '@ballast/contract';
import { PORTFOLIO_STATUS_LABELS } from '../../lib/portfolio-status.ts';

// Dark text on a pale tint of the same hue: every pair reads above 7:1, and the words carry the
// meaning for anyone who cannot tell the colours apart.
const STATUS_STYLES: Record<PortfolioStatus, string> = {
  'IN-GOOD-ORDER': 'border-emerald-300 bg-emerald-50 text-emerald-900',
  PENDING: 'border-sky-300 bg-sky-50 text-sky-900',
  'NEEDS-ACTION': 'border-amber-400 bg-amber-50 text-amber-900',
  INCOMPLETE: 'border-violet-300 bg-violet-50 text-violet-900',
  CLOSED: 'border-slate-300 bg-slate-100 text-slate-700',
};

const DOT_STYLES: Record<PortfolioStatus, string> = {
  'IN-GOOD-ORDER': 'bg-emerald-600',
  PENDING: 'bg-sky-600',
  'NEEDS-ACTION': 'bg-amber-500',
  INCOMPLETE: 'bg-violet-600',
  CLOSED: 'bg-slate-500',
};

/** A portfolio's §4 status as a coloured label. */
export function StatusBadge({ status }: { status: PortfolioStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[status]}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${DOT_STYLES[status]}`} />
      {PORTFOLIO_STATUS_LABELS[status]}
    </span>
  );
}
