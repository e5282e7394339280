import {
  type BondSimulationResult,
  listSimulationResults,
  type SimulationResult,
  type StrategyInput,
  simulatePortfolio,
} from '@ballast/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';
import { canonicalJson } from '../../lib/strategy-draft.ts';

/** How long the form waits after the last change before it asks for a run. */
export const SIMULATION_DEBOUNCE_MS = 300;

// The engine answers most runs within tens of milliseconds on the bundled market, so the first
// looks come quickly and later ones back off, to add little to the engine's own time.
const POLL_DELAYS_MS = [50, 100, 200, 400, 800] as const;
const POLL_DELAY_CAP_MS = 1000;

/** The wait before the `attempt`-th look again at a run that is not done (0 is the first). */
export function pollDelay(attempt: number): number {
  return POLL_DELAYS_MS[attempt] ?? POLL_DELAY_CAP_MS;
}

/**
 * The engine's own words for a run that failed: the api answers 409 with "The simulation
 * <hash> failed: <reason>", and the reason is what the advisor needs.
 */
export function failureReason(error: unknown, hash: string): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const detail = error.errors[0]?.detail ?? error.message;
  const prefix = `The simulation ${hash} failed: `;
  return detail.startsWith(prefix) ? detail.slice(prefix.length) : detail;
}

export type ShownResult = { hash: string; result: BondSimulationResult | SimulationResult };

/** One run's result by its hash, looked at again until the engine has it. */
export function useSimulationResult(hash: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.simulationResult(hash ?? ''),
    enabled: hash !== undefined,
    queryFn: async () => {
      const [item] = await api.request(listSimulationResults, {
        query: { 'simulation-hash': [hash ?? ''] },
      });
      return item ?? null;
    },
    staleTime: Number.POSITIVE_INFINITY,
    // A failed run (409) or an unknown hash (404) will not change by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    refetchInterval: (query) =>
      query.state.data?.simulation_result || query.state.error
        ? false
        : pollDelay(Math.max(0, query.state.dataUpdateCount - 1)),
  });
}

/**
 * One strategy's results, asked for once: the portfolio's current strategy, set beside the one
 * being built. Asking again for the same strategy answers the same run.
 */
export function useStrategyRun(strategy: StrategyInput | null) {
  const api = useApi();
  const key = strategy ? canonicalJson(strategy) : null;
  const run = useQuery({
    queryKey: queryKeys.simulationRun(key ?? ''),
    enabled: key !== null,
    queryFn: () =>
      api.request(simulatePortfolio, {
        body: { strategy: JSON.parse(key ?? '') as StrategyInput, time_windows: ['today'] },
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const hash = run.data?.[0]?.simulation_hash;
  const result = useSimulationResult(hash);
  return {
    result: result.data?.simulation_result ?? null,
    failure: hash ? failureReason(result.error, hash) : null,
    error: run.error ?? (hash && failureReason(result.error, hash) === null ? result.error : null),
  };
}

/**
 * Runs the strategy the form holds, a moment after its last change, and follows its result.
 * `strategy` is null while the form breaks a rule: nothing is run, and the last result stays.
 * The style's default strategy is not run again: its run (`defaultHash`) came with the form.
 */
export function useSimulation(options: {
  strategy: StrategyInput | null;
  defaultKey: string;
  defaultHash: string | undefined;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = options.strategy ? JSON.stringify(options.strategy) : null;
  const isDefault = key === options.defaultKey;
  const latestKey = useRef(key);
  latestKey.current = key;
  const [posted, setPosted] = useState<{ key: string; hash: string } | null>(null);
  const [isWaiting, setIsWaiting] = useState(false);

  const run = useMutation({
    mutationFn: (strategy: StrategyInput) =>
      api.request(simulatePortfolio, { body: { strategy, time_windows: ['today'] } }),
    onSuccess: (items, strategy) => {
      const item = items[0];
      if (!item) return;
      if (item.simulation_result) {
        queryClient.setQueryData(queryKeys.simulationResult(item.simulation_hash), item);
      }
      const runKey = JSON.stringify(strategy);
      if (runKey === latestKey.current) setPosted({ key: runKey, hash: item.simulation_hash });
    },
  });
  const { mutate } = run;

  // The effect follows the strategy's content (its key), not the object, which each render
  // makes anew.
  useEffect(() => {
    if (key === null || isDefault) {
      setIsWaiting(false);
      return;
    }
    setIsWaiting(true);
    const timer = setTimeout(() => {
      setIsWaiting(false);
      mutate(JSON.parse(key) as StrategyInput);
    }, SIMULATION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, isDefault, mutate]);

  const targetHash = isDefault
    ? options.defaultHash
    : posted && posted.key === key
      ? posted.hash
      : undefined;
  const target = useSimulationResult(targetHash);
  const fallback = useSimulationResult(options.defaultHash);

  const [last, setLast] = useState<ShownResult | null>(null);
  const targetResult = target.data?.simulation_result ?? null;
  useEffect(() => {
    if (targetHash && targetResult) setLast({ hash: targetHash, result: targetResult });
  }, [targetHash, targetResult]);

  const defaultResult = fallback.data?.simulation_result ?? null;
  const shown: ShownResult | null =
    targetHash && targetResult
      ? { hash: targetHash, result: targetResult }
      : (last ??
        (options.defaultHash && defaultResult
          ? { hash: options.defaultHash, result: defaultResult }
          : null));
  const failure = targetHash ? failureReason(target.error, targetHash) : null;
  const runError = run.error ?? (failure === null ? target.error : null);
  const isCurrent = shown !== null && shown.hash === targetHash;
  return {
    shown,
    isCurrent,
    isShowingDefault: shown !== null && shown.hash === options.defaultHash,
    isWorking:
      key !== null &&
      !isCurrent &&
      failure === null &&
      runError === null &&
      (isWaiting || run.isPending || targetHash === undefined || !targetResult),
    failure,
    error: runError ? errorMessage(runError) : null,
  };
}
