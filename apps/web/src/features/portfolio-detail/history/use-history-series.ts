import {
  listDepositWithdrawHistory,
  listGainLossHistory,
  listNavHistory,
  type PagedList,
} from '@ballast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useApi } from '../../../lib/session-context.tsx';
import { fetchAllPages } from './fetch-all-pages.ts';

function historyQuery(start: string | undefined, page: { limit: number; offset: number }) {
  return { ...page, ...(start ? { start_time: start } : {}) };
}

function useSeries<Item>(
  queryKey: readonly unknown[],
  fetchPage: (page: { limit: number; offset: number }) => Promise<PagedList<Item>>,
) {
  return useQuery({
    queryKey,
    queryFn: () => fetchAllPages(fetchPage),
    // The chart keeps its last range on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** Every daily NAV from `start` on (the whole history when undefined). */
export function useNavHistory(id: string, start: string | undefined) {
  const api = useApi();
  return useSeries(queryKeys.portfolioHistory(id, 'nav', start), (page) =>
    api.request(listNavHistory, { params: { id }, query: historyQuery(start, page) }),
  );
}

export function useDepositWithdrawHistory(id: string, start: string | undefined) {
  const api = useApi();
  return useSeries(queryKeys.portfolioHistory(id, 'deposit-withdraw', start), (page) =>
    api.request(listDepositWithdrawHistory, { params: { id }, query: historyQuery(start, page) }),
  );
}

export function useGainLossHistory(id: string, start: string | undefined) {
  const api = useApi();
  return useSeries(queryKeys.portfolioHistory(id, 'gain-loss', start), (page) =>
    api.request(listGainLossHistory, { params: { id }, query: historyQuery(start, page) }),
  );
}
