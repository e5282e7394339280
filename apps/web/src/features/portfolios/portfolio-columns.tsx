import type { PortfolioListItem } from '@ballast/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { PortfolioStatusBadge } from '../../components/portfolio-status-badge.tsx';
import { paths } from '../../config/paths.ts';
import { canDeletePortfolio } from '../../lib/portfolio-status.ts';
import {
  PORTFOLIO_FIELDS,
  type PortfolioField,
  type PortfolioFieldId,
} from './portfolio-fields.ts';

// Widths in pixels: every row is laid out on its own (rows are virtualized), so the columns
// cannot size themselves to their content and must agree on fixed widths instead.
const WIDTHS: Record<PortfolioFieldId, number> = {
  client_name: 220,
  advisors: 220,
  originating_advisor: 190,
  inception_date: 145,
  nav: 150,
  ytw: 90,
  duration: 110,
  return_ytd_pct: 125,
  return_1y_pct: 140,
  tey: 85,
  current_loss_harvested_pct: 150,
  number_of_holdings: 110,
  user_dnt: 80,
  status: 150,
};

function renderCell(field: PortfolioField<PortfolioFieldId>, portfolio: PortfolioListItem) {
  switch (field.id) {
    case 'client_name':
      // The cell cuts long names off, and with them an outline drawn outside the link, so the
      // focus outline is drawn inside it.
      return (
        // An application not yet submitted continues where the advisor left it.
        <Link
          to={
            portfolio.status === 'INCOMPLETE'
              ? paths.onboardingStep(portfolio.id)
              : paths.portfolio(portfolio.id)
          }
          className="font-semibold text-navy-700 underline-offset-2 hover:underline focus-visible:-outline-offset-3"
        >
          {portfolio.client_name || 'Unnamed client'}
        </Link>
      );
    case 'status':
      return <PortfolioStatusBadge status={portfolio.status} />;
    default:
      return field.text(portfolio);
  }
}

/** The table's columns: one per portfolio field, then the row's actions. */
export function portfolioColumns(options: {
  onDelete(portfolio: PortfolioListItem): void;
}): ColumnDef<PortfolioListItem>[] {
  return [
    ...PORTFOLIO_FIELDS.map(
      (field): ColumnDef<PortfolioListItem> => ({
        id: field.id,
        header: field.header,
        accessorFn: field.value,
        size: WIDTHS[field.id],
        cell: ({ row }) => renderCell(field, row.original),
      }),
    ),
    {
      id: 'actions',
      header: 'Actions',
      size: 100,
      enableSorting: false,
      cell: ({ row }) =>
        canDeletePortfolio(row.original) ? (
          <button
            type="button"
            aria-label={`Delete portfolio of ${row.original.client_name || 'unnamed client'}`}
            className="rounded-md border border-red-700 px-2.5 py-1 text-xs font-semibold text-red-800 hover:bg-red-50"
            onClick={() => options.onDelete(row.original)}
          >
            Delete
          </button>
        ) : null,
    },
  ];
}
