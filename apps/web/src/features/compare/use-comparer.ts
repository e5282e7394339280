import { type BondStrategyInput, getComparerResult, runComparer } from '@ballast/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';
import { RUN_QUERY_OPTIONS, waitForRun } from '../../lib/use-simulation.ts';
import { comparerStrategyOf } from './comparer-cells.ts';

/** The comparer's grid for a bond strategy's assets and tax data (product §3 'Comparer'). */
export function useComparer(strategy: BondStrategyInput | undefined) {
  const api = useApi();
  const input = strategy && comparerStrategyOf(strategy);
  return useQuery({
    queryKey: queryKeys.comparer(JSON.stringify(input ?? null)),
    enabled: input !== undefined,
    queryFn: async ({ signal }) => {
      const [submitted] = await api.request(runComparer, {
        body: { strategy: input as NonNullable<typeof input>, time_windows: ['today'] },
      });
      if (!submitted) throw new Error('The server did not start the comparison.');
      if (submitted.comparer_summary) return submitted.comparer_summary;
      return waitForRun(async () => {
        const item = await api.request(getComparerResult, {
          params: { result_hash: submitted.simulation_hash },
        });
        return item.comparer_summary;
      }, signal);
    },
    ...RUN_QUERY_OPTIONS,
  });
}
