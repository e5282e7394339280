import { type AuditEvent, listAuditEvents, PAGE_LIMIT_MAX } from '@ballast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';

export const AUDIT_PAGE_SIZE = 50;

/** One page of the firm's audit trail, newest first. */
export function useAuditPage(firmId: string, offset: number) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.auditEventsPage(firmId, offset),
    queryFn: () =>
      api.request(listAuditEvents, {
        params: { id: firmId },
        query: { limit: AUDIT_PAGE_SIZE, offset },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The whole trail, newest first, read a page of the largest size at a time for the export. */
export async function fetchWholeTrail(api: ApiClient, firmId: string): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  for (;;) {
    const page = await api.request(listAuditEvents, {
      params: { id: firmId },
      query: { limit: PAGE_LIMIT_MAX, offset: events.length },
    });
    events.push(...page.results);
    if (!page.next || page.results.length === 0) return events;
  }
}
