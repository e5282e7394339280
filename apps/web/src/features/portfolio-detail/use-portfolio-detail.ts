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
import { useApi } from '../auth/session-context.tsx';
import { fetchAllPages } from './fetch-all-pages.ts';

// The list screen keys its query ['portfolios'], so invalidating this prefix refreshes the list
// too: a request changes the portfolio's status there.
const ALL = ['portfolios'] as const;

const portfolioKeys = {
  detail: (id: string) => [...ALL, id] as const,
  actions: (id: string) => [...ALL, id, 'actions'] as const,
  history: (id: string, series: HistorySeries, start: string | undefined) =>
    [...ALL, id, 'history', series, start ?? 'all'] as const,
  documents: (id: string, kind: DocumentKind, offset: number) =>
    [...ALL, id, kind, offset] as const,
};

export function usePortfolioDetail(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: portfolioKeys.detail(id),
    queryFn: () => api.request(getPortfolio, { params: { id } }),
  });
}

export function usePortfolioActions(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: portfolioKeys.actions(id),
    queryFn: () => api.request(listPortfolioActions, { params: { id } }),
  });
}

/** Refreshes everything a request may have changed: the actions, the status, the list. */
export function useRefreshPortfolio() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ALL }), [queryClient]);
}

type HistorySeries = 'nav' | 'deposit-withdraw' | 'gain-loss';

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
  return useSeries(portfolioKeys.history(id, 'nav', start), (page) =>
    api.request(listNavHistory, { params: { id }, query: historyQuery(start, page) }),
  );
}

export function useDepositWithdrawHistory(id: string, start: string | undefined) {
  const api = useApi();
  return useSeries(portfolioKeys.history(id, 'deposit-withdraw', start), (page) =>
    api.request(listDepositWithdrawHistory, { params: { id }, query: historyQuery(start, page) }),
  );
}

export function useGainLossHistory(id: string, start: string | undefined) {
  const api = useApi();
  return useSeries(portfolioKeys.history(id, 'gain-loss', start), (page) =>
    api.request(listGainLossHistory, { params: { id }, query: historyQuery(start, page) }),
  );
}

const DOCUMENT_ROUTES = { statements: listStatements, 'tax-reports': listTaxReports } as const;
export type DocumentKind = keyof typeof DOCUMENT_ROUTES;

export const DOCUMENT_PAGE_SIZE = 10;

export function useDocuments(id: string, kind: DocumentKind, offset: number) {
  const api = useApi();
  return useQuery<PagedList<ReportDocument>>({
    queryKey: portfolioKeys.documents(id, kind, offset),
    queryFn: () =>
      api.request(DOCUMENT_ROUTES[kind], {
        params: { id },
        query: { limit: DOCUMENT_PAGE_SIZE, offset },
      }),
    placeholderData: keepPreviousData,
  });
}
