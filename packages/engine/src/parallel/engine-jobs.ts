import type {
  BondStrategy,
  ComparerStrategy,
  ComparerSummaryCell,
  SimulationResult,
  TaxData,
  TimeWindow,
  TokenStrategy,
} from '@ballast/contract';
import type { Highs } from 'highs';
import { type ComparerCell, compareCell } from '../bond-strategy/comparer.ts';
import {
  type BondSimulation,
  simulateBondStrategy,
} from '../bond-strategy/simulate-bond-strategy.ts';
import type { EngineResult } from '../engine-result.ts';
import type { MarketData } from '../market/market-data.ts';
import { simulateTokenStrategy } from '../token-strategy/token-backtest.ts';

/** Work a pool thread does; each kind names its input and its answer. */
export type EngineJob =
  | {
      kind: 'bond-simulation';
      input: { strategy: BondStrategy; tax_data: TaxData };
      timeWindow: TimeWindow;
    }
  | {
      kind: 'token-simulation';
      input: { strategy: TokenStrategy; tax_data: TaxData };
      timeWindow: TimeWindow;
    }
  | { kind: 'comparer-cell'; input: ComparerStrategy; cell: ComparerCell };

export type EngineAnswer<Job extends EngineJob> = EngineResult<
  Job extends { kind: 'bond-simulation' }
    ? BondSimulation
    : Job extends { kind: 'token-simulation' }
      ? SimulationResult
      : ComparerSummaryCell
>;

/** What a thread sends back: the engine's answer, or the fault that kept it from one. */
export type ThreadReply =
  | { ok: true; answer: EngineResult<BondSimulation | SimulationResult | ComparerSummaryCell> }
  | { ok: false; fault: string };

export function runJob(highs: Highs, market: MarketData, job: EngineJob): ThreadReply {
  try {
    const answer =
      job.kind === 'bond-simulation'
        ? simulateBondStrategy(highs, market, job.input, job.timeWindow)
        : job.kind === 'token-simulation'
          ? simulateTokenStrategy(market, job.input, job.timeWindow)
          : compareCell(highs, market, job.input, job.cell);
    return { ok: true, answer };
  } catch (error) {
    return { ok: false, fault: error instanceof Error ? error.message : String(error) };
  }
}
