import { listSimulationResults, type StrategyInput, simulatePortfolio } from '@ballast/contract';
import { makeBondStrategyInput } from '@ballast/contract/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { canonicalJson } from './strategy-draft.ts';
import { type AnyResult, SIMULATION_DEBOUNCE_MS, useSimulation } from './use-simulation.ts';

/**
 * A stand-in for the api and its engine: a posted strategy is named by its JSON, and its run is
 * done `runMs` after the post, or fails with `failure`.
 */
const engine = vi.hoisted(() => ({
  runMs: 30,
  failure: null as string | null,
  posts: [] as string[],
  doneAt: new Map<string, number>(),
  results: new Map<string, unknown>(),
}));

vi.mock('./session-context.tsx', () => ({
  useApi: () => ({
    request: async (route: { id: string }, input: { body?: unknown; query?: unknown }) => {
      if (route.id === simulatePortfolio.id) {
        const { strategy } = input.body as { strategy: StrategyInput };
        const hash = canonicalJson(strategy);
        engine.posts.push(hash);
        engine.doneAt.set(hash, performance.now() + engine.runMs);
        return [{ time_window: 'today', simulation_hash: hash, simulation_result: null }];
      }
      if (route.id === listSimulationResults.id) {
        const [hash = ''] = (input.query as { 'simulation-hash': string[] })['simulation-hash'];
        const isDone = performance.now() >= (engine.doneAt.get(hash) ?? 0);
        if (isDone && engine.failure) {
          throw new ApiError(409, {
            type: 'client_error',
            errors: [
              {
                code: 'request_conflict',
                detail: `The simulation ${hash} failed: ${engine.failure}`,
                attr: null,
              },
            ],
          });
        }
        return [
          {
            time_window: 'today',
            simulation_hash: hash,
            simulation_result: isDone ? (engine.results.get(hash) ?? { of: hash }) : null,
          },
        ];
      }
      throw new Error(`unexpected route ${route.id}`);
    },
  }),
}));

const defaults = makeBondStrategyInput();
const defaultKey = canonicalJson(defaults);
const defaultResult = { of: 'the default' } as unknown as AnyResult;
const changed = makeBondStrategyInput({
  tax_options: { tax_loss_harvest: false, tax_accounting_method: 'HIFO', total_tax_budget: null },
});

function renderSimulation(strategy: StrategyInput | null) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    (props: { strategy: StrategyInput | null }) =>
      useSimulation({ strategy: props.strategy, defaultKey, defaultHash: 'default' }),
    { wrapper, initialProps: { strategy } },
  );
}

beforeEach(() => {
  engine.runMs = 30;
  engine.failure = null;
  engine.posts = [];
  engine.doneAt.clear();
  engine.results.clear();
  engine.results.set('default', defaultResult);
});
afterEach(cleanup);

describe('simulating the strategy a form holds', () => {
  it('shows the style’s default run, which came with the form, without running it again', async () => {
    const { result } = renderSimulation(defaults);
    await waitFor(() => expect(result.current.isCurrent).toBe(true));
    expect(result.current.shown?.result).toBe(defaultResult);
    expect(result.current.isShowingDefault).toBe(true);
    expect(engine.posts).toEqual([]);
  });

  it('runs a change once typing pauses, showing the last result dimmed meanwhile', async () => {
    const { result, rerender } = renderSimulation(defaults);
    await waitFor(() => expect(result.current.isCurrent).toBe(true));
    rerender({ strategy: makeBondStrategyInput({ ...changed.strategy }) });
    rerender({ strategy: changed });
    expect(result.current.shown?.result).toBe(defaultResult);
    expect(result.current.isCurrent).toBe(false);
    expect(result.current.isWorking).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, SIMULATION_DEBOUNCE_MS / 2));
    expect(engine.posts).toEqual([]);

    await waitFor(() => expect(result.current.isCurrent).toBe(true));
    expect(result.current.shown?.result).toEqual({ of: canonicalJson(changed) });
    expect(result.current.isShowingDefault).toBe(false);
    expect(result.current.isWorking).toBe(false);
    expect(engine.posts).toEqual([canonicalJson(changed)]);
  });

  it('shows a result soon after the engine has it', async () => {
    const { result, rerender } = renderSimulation(defaults);
    await waitFor(() => expect(result.current.isCurrent).toBe(true));
    rerender({ strategy: changed });
    await waitFor(() => expect(engine.posts).toHaveLength(1), { timeout: 2_000 });
    await waitFor(() => expect(result.current.isCurrent).toBe(true), { interval: 5 });
    const late = performance.now() - (engine.doneAt.get(canonicalJson(changed)) ?? 0);
    // The first looks come 50 and 150 ms after the post; the margin is for a busy machine.
    expect(late).toBeLessThan(150);
  });

  it('gives the engine’s reason for a run that failed, and keeps the last result', async () => {
    const { result, rerender } = renderSimulation(defaults);
    await waitFor(() => expect(result.current.isCurrent).toBe(true));
    engine.failure = 'Only 3 eligible bonds; a portfolio needs at least 15.';
    rerender({ strategy: changed });
    await waitFor(() => expect(result.current.failure).toBe(engine.failure));
    expect(result.current.error).toBeNull();
    expect(result.current.isWorking).toBe(false);
    expect(result.current.shown?.result).toBe(defaultResult);
    expect(result.current.isCurrent).toBe(false);
  });

  it('runs nothing while the form breaks a rule, and keeps the last result', async () => {
    const { result, rerender } = renderSimulation(defaults);
    await waitFor(() => expect(result.current.isCurrent).toBe(true));
    rerender({ strategy: null });
    await new Promise((resolve) => setTimeout(resolve, SIMULATION_DEBOUNCE_MS * 1.5));
    expect(engine.posts).toEqual([]);
    expect(result.current.shown?.result).toBe(defaultResult);
    expect(result.current.isWorking).toBe(false);
  });
});
