import type { BondStrategyInput } from '@ballast/contract';
import {
  getComparerResult,
  listSimulationResults,
  runComparer,
  type StrategyInput,
  simulatePortfolio,
} from '@ballast/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';
import { comparerStrategyOf } from './comparer-cells.ts';
import { waitForRun } from './wait-for-run.ts';

const TODAY = ['today'] as const;

/** Runs are stored by their request, so a result once read never changes. */
const RUN_QUERY = { staleTime: Number.POSITIVE_INFINITY, retry: false } as const;

function useRunSimulation() {
  const api = useApi();
  return async (strategy: StrategyInput, signal: AbortSignal) => {
    const [submitted] = await api.request(simulatePortfolio, {
      body: { strategy, time_windows: [...TODAY] },
    });
    if (!submitted) throw new Error('The server did not start the simulation.');
    if (submitted.simulation_result) return submitted.simulation_result;
    return waitForRun(async () => {
      const [item] = await api.request(listSimulationResults, {
        query: { 'simulation-hash': [submitted.simulation_hash] },
      });
      return item?.simulation_result ?? null;
    }, signal);
  };
}

/** Each strategy simulated for today's window (product §5 'Simulation command'), in order. */
export function useSimulations(strategies: readonly (StrategyInput | undefined)[]) {
  const run = useRunSimulation();
  return useQueries({
    queries: strategies.map((strategy) => ({
      queryKey: queryKeys.comparedSimulation(JSON.stringify(strategy ?? null)),
      queryFn: ({ signal }: { signal: AbortSignal }) => run(strategy as StrategyInput, signal),
      enabled: strategy !== undefined,
      ...RUN_QUERY,
    })),
  });
}

/** The comparer's grid for a bond strategy's assets and tax data (product §3 'Comparer'). */
export function useComparer(strategy: BondStrategyInput | undefined) {
  const api = useApi();
  const input = strategy && comparerStrategyOf(strategy);
  return useQuery({
    queryKey: queryKeys.comparer(JSON.stringify(input ?? null)),
    enabled: input !== undefined,
    queryFn: async ({ signal }) => {
      const [submitted] = await api.request(runComparer, {
        body: { strategy: input as NonNullable<typeof input>, time_windows: [...TODAY] },
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
    ...RUN_QUERY,
  });
}
