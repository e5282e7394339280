import { getStatement, getTaxReport } from '@ballast/contract';
import { useCallback } from 'react';
import { ApiError, isErrorEnvelope } from '../../../lib/api-error.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useSession } from '../../../lib/session-context.tsx';
import { fileNameFromDisposition } from './file-name-from-disposition.ts';

export type ReportKind = 'statement' | 'tax-report';

/**
 * Downloads a statement or tax report. The record gives the file's URL, which, like every api
 * call, needs the session's bearer token: a plain link would reach it without one and be refused,
 * so the file is fetched here with the token (renewed once on a 401) and then saved.
 */
export function useDownloadReport() {
  const { api, client } = useSession();
  return useCallback(
    async (portfolioId: string, kind: ReportKind, reportId: string, fallbackName: string) => {
      const route = kind === 'statement' ? getStatement : getTaxReport;
      const record = await api.request(route, {
        params: { id: portfolioId, report_id: reportId },
      });
      const send = (token: string | undefined) =>
        fetch(record.document, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      let response = await send(client.session.getTokens()?.session_jwt);
      if (response.status === 401 && client.session.getSync()) {
        const renewed = await client.session.authenticate().catch(() => undefined);
        if (renewed) response = await send(renewed.session_jwt);
      }
      if (!response.ok) {
        const body: unknown = await response.json().catch(() => null);
        throw new ApiError(response.status, isErrorEnvelope(body) ? body : null);
      }
      const name = fileNameFromDisposition(response.headers.get('content-disposition'));
      saveFile(name ?? fallbackName, await response.blob());
    },
    [api, client],
  );
}
