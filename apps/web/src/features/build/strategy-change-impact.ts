import type {
  AssetLine,
  BondSimulationResult,
  SimulationResult,
  StrategyInput,
} from '@ballast/contract';
import {
  type HeadlineFigure,
  headlineFigures,
  isBondResult,
  tokenHeadlineFigures,
} from '../../components/strategy-results/index.ts';

export type AnyResult = BondSimulationResult | SimulationResult;

export function figuresOf(result: AnyResult): HeadlineFigure[] {
  return isBondResult(result) ? headlineFigures(result) : tokenHeadlineFigures(result);
}

export type FigureRow = {
  key: string;
  label: string;
  current: string | null;
  proposed: string | null;
};

/** The figures of both results, side by side by key, in the order they first appear. */
export function figuresSideBySide(current: AnyResult, proposed: AnyResult): FigureRow[] {
  const rows = new Map<string, FigureRow>();
  for (const figure of figuresOf(current)) {
    rows.set(figure.key, {
      key: figure.key,
      label: figure.label,
      current: figure.value,
      proposed: null,
    });
  }
  for (const figure of figuresOf(proposed)) {
    const row = rows.get(figure.key);
    if (row) row.proposed = figure.value;
    else
      rows.set(figure.key, {
        key: figure.key,
        label: figure.label,
        current: null,
        proposed: figure.value,
      });
  }
  return [...rows.values()];
}

export type MovingCost = {
  sold: AssetLine[];
  /** Market value of the positions sold, in dollars. */
  proceeds: number;
  /** Gains and losses the sales realise, from each position's gain or loss to date. */
  realisedGains: number;
  realisedLosses: number;
};

/**
 * What moving to a proposed bond portfolio sells: every bond the account holds that the
 * proposed portfolio does not (by CUSIP), with the gain or loss it carries in the latest
 * holding report. Bonds kept are not counted, though their weights may change a little.
 */
export function movingCost(
  assets: readonly AssetLine[],
  proposed: BondSimulationResult,
): MovingCost {
  const kept = new Set((proposed.contributions ?? []).map((part) => part.cusip));
  const sold = assets.filter((line) => line.cusip !== null && !kept.has(line.cusip));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    sold,
    proceeds: sum(sold.map((line) => line.current_value_usd)),
    realisedGains: sum(sold.map((line) => Math.max(0, line.total_gain_loss_usd))),
    realisedLosses: sum(sold.map((line) => Math.min(0, line.total_gain_loss_usd))),
  };
}

/** The request body a saved strategy makes: the strategy without the server's timestamp. */
export function strategyInputOf(strategy: StrategyInput & { created_at?: string }): StrategyInput {
  const { created_at: _created, ...input } = strategy;
  return input as StrategyInput;
}
