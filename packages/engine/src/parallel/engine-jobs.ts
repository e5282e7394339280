import type {
  BondStrategy,
  ComparerStrategy,
  ComparerSummaryCell,
  TaxData,
  TimeWindow,
} from '@ballast/contract';
import type { Highs } from 'highs';
import { type ComparerCell, compareCell } from '../bond-strategy/comparer.ts';
import { InfeasibleStrategyError } from '../bond-strategy/infeasible.ts';
import {
  type BondSimulation,
  simulateBondStrategy,
} from '../bond-strategy/simulate-bond-strategy.ts';
import type { MarketData } from '../market/market-data.ts';

/** Work a pool thread does; each kind names its input and its answer. */
export type EngineJob =
  | {
      kind: 'bond-simulation';
      input: { strategy: BondStrategy; tax_data: TaxData };
      timeWindow: TimeWindow;
    }
  | { kind: 'comparer-cell'; input: ComparerStrategy; cell: ComparerCell };

export type EngineAnswer<Job extends EngineJob> = Job extends { kind: 'bond-simulation' }
  ? BondSimulation
  : ComparerSummaryCell;

/** Why a job failed: a strategy no portfolio meets, or a fault of the engine itself. */
export type EngineFailure = { reason: 'infeasible' | 'error'; message: string };

export type EngineOutcome =
  | { ok: true; value: BondSimulation | ComparerSummaryCell }
  | { ok: false; failure: EngineFailure };

export function runJob(highs: Highs, market: MarketData, job: EngineJob): EngineOutcome {
  try {
    const value =
      job.kind === 'bond-simulation'
        ? simulateBondStrategy(highs, market, job.input, job.timeWindow)
        : compareCell(highs, market, job.input, job.cell);
    return { ok: true, value };
  } catch (error) {
    if (error instanceof InfeasibleStrategyError) {
      return { ok: false, failure: { reason: 'infeasible', message: error.message } };
    }
    return {
      ok: false,
      failure: { reason: 'error', message: error instanceof Error ? error.message : String(error) },
    };
  }
}
