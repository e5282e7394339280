import {
  listStatements,
  listTaxReports,
  type PagedList,
  type ReportDocument,
} from '@ballast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useApi } from '../../../lib/session-context.tsx';

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
