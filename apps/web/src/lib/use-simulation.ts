import {
  type BondSimulationResult,
  listSimulationResults,
  type SimulationResult,
  type StrategyInput,
  simulatePortfolio,
} from '@ballast/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ApiClient } from './api-client.ts';
import { ApiError, errorMessage } from './api-error.ts';
import { queryKeys } from './query-keys.ts';
import { useApi } from './session-context.tsx';
import { canonicalJson } from './strategy-draft.ts';

export type AnyResult = BondSimulationResult | SimulationResult;

/** How long the form waits after the last change before it asks for a run. */
export const SIMULATION_DEBOUNCE_MS = 300;

// The engine answers most runs within tens of milliseconds on the bundled market, so the first
// looks come quickly and later ones back off, to add little to the engine's own time.
const POLL_DELAYS_MS = [50, 100, 200, 400, 800] as const;
const POLL_DELAY_CAP_MS = 1000;
/** Longer than any run takes on the bundled market, so only a stuck run ends here. */
const GIVE_UP_AFTER_MS = 180_000;

/** The wait before the `attempt`-th look again at a run that is not done (0 is the first). */
export function pollDelay(attempt: number): number {
  return POLL_DELAYS_MS[attempt] ?? POLL_DELAY_CAP_MS;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Reads a run until it has an answer: `read` gives null while the engine is still working, and
 * throws (a 409 with the engine's reason) when the run failed. Serves simulations and the
 * comparer alike, which the api stores and answers the same way.
 */
export async function waitForRun<T>(
  read: () => Promise<T | null>,
  signal?: AbortSignal,
  now: () => number = Date.now,
): Promise<T> {
  const started = now();
  for (let attempt = 0; ; attempt++) {
    const answer = await read();
    if (answer !== null) return answer;
    if (now() - started > GIVE_UP_AFTER_MS) {
      throw new Error('The engine has not answered in three minutes. Try again later.');
    }
    await pause(pollDelay(attempt), signal);
  }
}

const FAILED_RUN = /^The (simulation|comparison) \S+ failed: /;

/**
 * Why a run failed, in the engine's own words: the api answers 409 and names the run by its
 * hash before the reason (`packages/api/src/simulations/simulation-store.ts`), and an advisor
 * needs the reason alone. Null for any other error.
 */
export function runFailureReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const detail = error.errors[0]?.detail ?? error.message;
  return detail.replace(FAILED_RUN, '');
}

/** Runs are named by their request, so a result once read never changes. */
export const RUN_QUERY_OPTIONS = {
  staleTime: Number.POSITIVE_INFINITY,
  // A failed run (409) or an unknown hash (404) will not change by asking again.
  retry: (count: number, error: Error) =>
    !(error instanceof ApiError && error.status < 500) && count < 2,
} as const;

function readResult(api: ApiClient, hash: string, signal: AbortSignal): Promise<AnyResult> {
  return waitForRun(async () => {
    const [item] = await api.request(listSimulationResults, {
      query: { 'simulation-hash': [hash] },
    });
    return item?.simulation_result ?? null;
  }, signal);
}

/** One strategy simulated for today's window (product §5 'Simulation command'). */
function simulationQuery(api: ApiClient, strategy: StrategyInput | undefined) {
  const key = strategy === undefined ? null : canonicalJson(strategy);
  return {
    // Asking again for the same strategy answers the same run, so equal content shares a key.
    queryKey: queryKeys.simulationRun(key ?? ''),
    enabled: key !== null,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<AnyResult> => {
      const [submitted] = await api.request(simulatePortfolio, {
        body: { strategy: JSON.parse(key ?? '') as StrategyInput, time_windows: ['today'] },
      });
      if (!submitted) throw new Error('The server did not start the simulation.');
      return submitted.simulation_result ?? readResult(api, submitted.simulation_hash, signal);
    },
    ...RUN_QUERY_OPTIONS,
  };
}

/** Each strategy simulated, in order; an undefined one is not run. */
export function useSimulations(strategies: readonly (StrategyInput | undefined)[]) {
  const api = useApi();
  return useQueries({ queries: strategies.map((strategy) => simulationQuery(api, strategy)) });
}

/** One strategy's results, run once: the portfolio's current strategy beside the one built. */
export function useStrategySimulation(strategy: StrategyInput | undefined) {
  return useQuery(simulationQuery(useApi(), strategy));
}

/** A run the api started elsewhere (a style's default, which came with its form), by hash. */
function useSimulationResult(hash: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.simulationResult(hash ?? ''),
    enabled: hash !== undefined,
    queryFn: ({ signal }) => readResult(api, hash ?? '', signal),
    ...RUN_QUERY_OPTIONS,
  });
}

export type ShownResult = { key: string; result: AnyResult };

/**
 * Runs the strategy a form holds, a moment after its last change, and follows its result; the
 * last result stays shown, marked not current, until the new one comes.
 * `strategy` is null while the form breaks a rule: nothing is run, and the last result stays.
 * The style's default strategy (`defaultKey`, its canonical JSON) is not run again: its run
 * (`defaultHash`) came with the form, and it is shown before anything else has been run.
 */
export function useSimulation(options: {
  strategy: StrategyInput | null;
  defaultKey: string;
  defaultHash: string | undefined;
}) {
  const key = options.strategy ? canonicalJson(options.strategy) : null;
  const isDefault = key === options.defaultKey;
  const [settledKey, setSettledKey] = useState<string | null>(null);

  // The effect follows the strategy's content (its key), not the object, which each render
  // makes anew.
  useEffect(() => {
    if (key === null || isDefault) return;
    const timer = setTimeout(() => setSettledKey(key), SIMULATION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, isDefault]);

  const isSettled = key !== null && !isDefault && settledKey === key;
  const run = useStrategySimulation(isSettled ? (options.strategy ?? undefined) : undefined);
  const defaultRun = useSimulationResult(options.defaultHash);
  const current = isDefault ? defaultRun : isSettled ? run : null;

  const [last, setLast] = useState<ShownResult | null>(null);
  const currentResult = current?.data ?? null;
  useEffect(() => {
    if (key !== null && currentResult) setLast({ key, result: currentResult });
  }, [key, currentResult]);

  const defaultResult = defaultRun.data ?? null;
  const shown: ShownResult | null =
    key !== null && currentResult
      ? { key, result: currentResult }
      : (last ?? (defaultResult ? { key: options.defaultKey, result: defaultResult } : null));
  const failure = runFailureReason(current?.error);
  const error = failure === null ? (current?.error ?? null) : null;
  const isCurrent = shown !== null && shown.key === key;
  return {
    shown,
    isCurrent,
    isShowingDefault: shown !== null && shown.key === options.defaultKey,
    isWorking: key !== null && !isCurrent && failure === null && error === null,
    failure,
    error: error ? errorMessage(error) : null,
  };
}
