import type { PortfolioStatus } from '@ballast/contract';
import { PORTFOLIO_STATUS_LABELS } from '../lib/portfolio-status.ts';

// Dark text on a pale tint of the same hue, or white on dark slate: every pair reads above 8:1,
// beyond WCAG AA's 4.5:1.
const STATUS_STYLES: Record<PortfolioStatus, string> = {
  'IN-GOOD-ORDER': 'bg-emerald-100 text-emerald-900',
  PENDING: 'bg-amber-100 text-amber-900',
  'NEEDS-ACTION': 'bg-red-100 text-red-900',
  INCOMPLETE: 'bg-slate-200 text-slate-800',
  CLOSED: 'bg-slate-700 text-white',
};

/** The portfolio's derived status (product §4) as a coloured word; the word carries the meaning. */
export function PortfolioStatusBadge(props: {
  status: PortfolioStatus;
  /**
   * Says "Status:" to assistive technology first, where nothing else names the word. In a table
   * the column header does, and the cell's text stays the bare label.
   */
  named?: boolean;
}) {
  const { status } = props;
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLES[status]}`}
    >
      {props.named && <span className="sr-only">Status: </span>}
      {PORTFOLIO_STATUS_LABELS[status]}
    </span>
  );
}
