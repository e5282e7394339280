/**
 * Everything the monitor lists, as one kind of row: a request from GET /actions, a portfolio
 * from GET /portfolios, or an alert from GET /portfolio-alerts (decision 020). One shape lets the
 * filters, the counts and the CSV export treat every category alike.
 */
import type {
  Action,
  ActionType,
  PortfolioAlert,
  PortfolioAlertKind,
  PortfolioListItem,
  QueuedAction,
} from '@ballast/contract';
import { describePayload, STATE_LABELS } from '../../lib/action-words.ts';
import { PORTFOLIO_STATUS_LABELS } from '../../lib/portfolio-status.ts';

export const MONITOR_CATEGORIES = [
  'needs-you',
  'in-progress',
  'failed',
  'unfinished',
  'do-not-trade',
  'alerts',
] as const;
export type MonitorCategory = (typeof MONITOR_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<MonitorCategory, string> = {
  'needs-you': 'Needs you',
  'in-progress': 'Submitted or pending',
  failed: 'Failed',
  unfinished: 'Needs action or incomplete',
  'do-not-trade': 'Do-not-trade',
  alerts: 'Alerts',
};

export const ALERT_LABELS: Record<PortfolioAlertKind, string> = {
  CASH_ABOVE_LIMIT: 'Cash above limit',
  DURATION_OUTSIDE_BAND: 'Duration outside band',
  BELOW_CREDIT_FLOOR: 'Below credit floor',
  HARVESTABLE_LOSS: 'Loss to harvest',
  NOT_VALUED: 'Not valued',
};

export type MonitorItem = {
  key: string;
  category: MonitorCategory;
  portfolioId: string;
  clientName: string;
  advisorName: string;
  /** The request's state, the portfolio's status or the alert's kind, as the screen says it. */
  status: string;
  /** Only requests have a type and an age. */
  requestType: ActionType | null;
  createdAt: string | null;
  /** Operations' instructions or reason, what a request asks for, or why an alert was raised. */
  detail: string;
  action: Action | null;
  portfolio: PortfolioListItem | null;
  alert: PortfolioAlert | null;
};

function requestCategory(action: Action): MonitorCategory | null {
  if (action.state.startsWith('NEEDS-ACTION')) return 'needs-you';
  if (action.state === 'FAILED') return 'failed';
  if (action.state.startsWith('SUBMITTED') || action.state === 'PENDING') return 'in-progress';
  return null;
}

function requestDetail(action: Action, category: MonitorCategory): string {
  const instructions = action.needs_action_payload?.instructions?.trim();
  if (category === 'failed') return instructions || 'No reason was given.';
  if (category === 'needs-you') return instructions || 'No instructions were given.';
  return describePayload(action);
}

/** The name the api writes for an advisor: first and last, trimmed. */
const nameOf = (name: { first_name: string; last_name: string } | null) =>
  name ? `${name.first_name} ${name.last_name}`.trim() : '';

export function requestItems(queue: readonly QueuedAction[]): MonitorItem[] {
  return queue.flatMap(({ action, client_name, advisor_name }) => {
    const category = requestCategory(action);
    if (!category) return [];
    return [
      {
        key: `action:${action.id}`,
        category,
        portfolioId: action.portfolio_id,
        clientName: client_name,
        advisorName: advisor_name,
        status: STATE_LABELS[action.state],
        requestType: action.action_type,
        createdAt: action.created_at,
        detail: requestDetail(action, category),
        action,
        portfolio: null,
        alert: null,
      },
    ];
  });
}

export function portfolioItems(portfolios: readonly PortfolioListItem[]): MonitorItem[] {
  return portfolios.flatMap((portfolio) => {
    const base = {
      portfolioId: portfolio.id,
      clientName: portfolio.client_name,
      advisorName: nameOf(portfolio.originating_advisor),
      requestType: null,
      createdAt: null,
      action: null,
      portfolio,
      alert: null,
    };
    const items: MonitorItem[] = [];
    if (portfolio.status === 'NEEDS-ACTION' || portfolio.status === 'INCOMPLETE') {
      items.push({
        ...base,
        key: `portfolio:${portfolio.id}`,
        category: 'unfinished',
        status: PORTFOLIO_STATUS_LABELS[portfolio.status],
        detail:
          portfolio.status === 'INCOMPLETE'
            ? 'Onboarding is not finished: resume it, or delete the portfolio.'
            : 'A request on this portfolio waits for you.',
      });
    }
    if (portfolio.user_dnt !== null && portfolio.status !== 'CLOSED') {
      items.push({
        ...base,
        key: `dnt:${portfolio.id}`,
        category: 'do-not-trade',
        status: PORTFOLIO_STATUS_LABELS[portfolio.status],
        detail: `Do-not-trade: ${portfolio.user_dnt}`,
      });
    }
    return items;
  });
}

export function alertItems(alerts: readonly PortfolioAlert[]): MonitorItem[] {
  return alerts.map((alert, index) => ({
    key: `alert:${alert.portfolio_id}:${alert.kind}:${index}`,
    category: 'alerts',
    portfolioId: alert.portfolio_id,
    clientName: alert.client_name,
    advisorName: alert.advisor_name,
    status: ALERT_LABELS[alert.kind],
    requestType: null,
    createdAt: null,
    detail: alert.reason,
    action: null,
    portfolio: null,
    alert,
  }));
}

const DAY_MS = 86_400_000;

/** Whole days since the request was made, read against `now`; null for what is not a request. */
export function ageInDays(item: Pick<MonitorItem, 'createdAt'>, now: number): number | null {
  if (!item.createdAt) return null;
  return Math.max(0, Math.floor((now - Date.parse(item.createdAt)) / DAY_MS));
}
