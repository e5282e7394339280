import { PORTFOLIO_STATUSES, type PortfolioStatus } from '@ballast/contract';

/** How each product §4 portfolio status reads on screen, in filters and in exports. */
export const PORTFOLIO_STATUS_LABELS: Record<PortfolioStatus, string> = {
  'IN-GOOD-ORDER': 'In good order',
  PENDING: 'Pending',
  'NEEDS-ACTION': 'Needs action',
  INCOMPLETE: 'Incomplete',
  CLOSED: 'Closed',
};

export function isPortfolioStatus(value: string | null): value is PortfolioStatus {
  return (PORTFOLIO_STATUSES as readonly (string | null)[]).includes(value);
}

/** Product §4: only an incomplete portfolio can be deleted. */
export function canDeletePortfolio(portfolio: { status: PortfolioStatus }): boolean {
  return portfolio.status === 'INCOMPLETE';
}
