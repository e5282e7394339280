import type {
  BondStrategy,
  ComparerCell,
  ComparerStrategy,
  ComparerSummaryCell,
  SimulationResult,
  TaxData,
  TimeWindow,
  TokenStrategy,
} from '@ballast/contract';
import type { Highs } from 'highs';
import { type ComparerBonds, compareCell, comparerBonds } from '../bond-strategy/comparer.ts';
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
  | {
      kind: 'comparer-cell';
      input: ComparerStrategy;
      cell: ComparerCell;
      /** The pool's number for the comparer request the cell belongs to (SPEC 10.3). */
      request?: number;
    };

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

/**
 * The bonds of the comparer request whose cell this thread ran last: the request's other cells
 * that come to this thread build on them (SPEC 10.3). Kept until another request's cell comes.
 */
let lastRequest: { market: MarketData; request: number; bonds: ComparerBonds } | undefined;

function bondsOf(market: MarketData, job: Extract<EngineJob, { kind: 'comparer-cell' }>) {
  if (job.request === undefined) return comparerBonds(market, job.input);
  if (lastRequest?.market !== market || lastRequest.request !== job.request) {
    lastRequest = { market, request: job.request, bonds: comparerBonds(market, job.input) };
  }
  return lastRequest.bonds;
}

export function runJob(highs: Highs, market: MarketData, job: EngineJob): ThreadReply {
  try {
    const answer =
      job.kind === 'bond-simulation'
        ? simulateBondStrategy(highs, market, job.input, job.timeWindow)
        : job.kind === 'token-simulation'
          ? simulateTokenStrategy(market, job.input, job.timeWindow)
          : compareCell(highs, market, job.input, job.cell, { bonds: bondsOf(market, job) });
    return { ok: true, answer };
  } catch (error) {
    return { ok: false, fault: error instanceof Error ? error.message : String(error) };
  }
}
