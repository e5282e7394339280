import { exportTaxLots, exportTransactions } from '@ballast/contract';
import { useCallback } from 'react';
import { saveFile } from '../../../lib/save-file.ts';
import { useApi } from '../../../lib/session-context.tsx';

/**
 * Downloads the ledger's CSV exports through the api client, which carries the session's bearer
 * token (renewed once on a 401) as every call does; the file is saved under the name the api
 * gives it.
 */
export function useCsvExport() {
  const api = useApi();
  const transactions = useCallback(
    async (id: string, from: string, to: string) => {
      const file = await api.request(exportTransactions, { params: { id }, query: { from, to } });
      saveFile(`transactions-${from}-to-${to}.csv`, file);
    },
    [api],
  );
  const taxLots = useCallback(
    async (id: string, year: number) => {
      const file = await api.request(exportTaxLots, { params: { id }, query: { year } });
      saveFile(`tax-lots-${year}.csv`, file);
    },
    [api],
  );
  return { transactions, taxLots };
}
