/** The queries of the detail screen, under one key family so one invalidation refreshes them. */
import {
  getPortfolio,
  listDepositWithdrawHistory,
  listGainLossHistory,
  listNavHistory,
  listPortfolioActions,
  listStatements,
  listTaxReports,
  type PagedList,
  type ReportDocument,
} from '@ballast/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';
import { fetchAllPages } from './history/fetch-all-pages.ts';

export function usePortfolioDetail(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.portfolio(id),
    queryFn: () => api.request(getPortfolio, { params: { id } }),
  });
}

export function usePortfolioActions(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.portfolioActions(id),
    queryFn: () => api.request(listPortfolioActions, { params: { id } }),
  });
}

/** Refreshes everything a request may have changed: the actions, the status, the list. */
export function useRefreshPortfolio() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.portfolios }),
    [queryClient],
  );
}

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

const DOCUMENT_ROUTES = { statements: listStatements, 'tax-reports': listTaxReports } as const;
export type DocumentKind = keyof typeof DOCUMENT_ROUTES;

export const DOCUMENT_PAGE_SIZE = 10;

export function useDocuments(id: string, kind: DocumentKind, offset: number) {
  const api = useApi();
  return useQuery<PagedList<ReportDocument>>({
    queryKey: queryKeys.portfolioDocuments(id, kind, offset),
    queryFn: () =>
      api.request(DOCUMENT_ROUTES[kind], {
        params: { id },
        query: { limit: DOCUMENT_PAGE_SIZE, offset },
      }),
    placeholderData: keepPreviousData,
  });
}
