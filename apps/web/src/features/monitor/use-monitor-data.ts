import {
  type ActionState,
  listActions,
  listPortfolioAlerts,
  listPortfolios,
  PAGE_LIMIT_MAX,
  type QueuedAction,
} from '@ballast/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';

/** The request states the monitor lists: waiting for the advisor, under way, and failed. */
const MONITOR_STATES: ActionState[] = [
  'NEEDS-ACTION-IN-CHANNEL',
  'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE',
  'NEEDS-ACTION-OUT-OF-CHANNEL',
  'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE',
  'SUBMITTED',
  'SUBMITTED-CANCELLABLE',
  'PENDING',
  'FAILED',
];

/**
 * Every request of those states on the portfolios the caller may see (GET /actions, decision
 * 019), all pages: the monitor counts, filters and exports the whole set.
 */
export function useMonitorRequests() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.monitorRequests,
    queryFn: async () => {
      const all: QueuedAction[] = [];
      for (;;) {
        const page = await api.request(listActions, {
          query: { state: MONITOR_STATES, limit: PAGE_LIMIT_MAX, offset: all.length },
        });
        all.push(...page.results);
        if (!page.next || page.results.length === 0) return all;
      }
    },
  });
}

/** The alerts on every visible portfolio, computed by the api in one call (decision 020). */
export function useMonitorAlerts() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.monitorAlerts,
    queryFn: () => api.request(listPortfolioAlerts),
  });
}

/** Every visible portfolio, shared with the home page's unfiltered list. */
export function useMonitorPortfolios() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.portfolioList(null),
    queryFn: () => api.request(listPortfolios, { query: {} }),
  });
}
