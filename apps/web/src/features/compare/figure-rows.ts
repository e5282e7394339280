import {
  type BondSimulationResult,
  CREDIT_UNIVERSE,
  type SimulationResponseItem,
  type SimulationResult,
} from '@ballast/contract';
import { isBondResult } from '../../components/strategy-results/is-bond-result.ts';
import { formatPercent, formatUsd, formatYears, MISSING } from '../../lib/format.ts';

export type AnyResult = NonNullable<SimulationResponseItem['simulation_result']>;

/** The history of a result: a token result is one, a bond result carries its own (decision 012). */
export function historyOf(result: AnyResult): SimulationResult | undefined {
  return isBondResult(result) ? result.backtest : result;
}

/** The shift every strategy's rate shock is read at: rates up one percentage point. */
export const RATE_SHOCK_BPS = 100;

export function rateShockOf(result: AnyResult): number | null {
  if (!isBondResult(result)) return null;
  return (
    result.rate_change_sensitivity.find((point) => point.rate_change_bps === RATE_SHOCK_BPS)
      ?.value_change ?? null
  );
}

/** Which way a row is better, or null where neither is (duration is a choice, not a merit). */
type Better = 'higher' | 'lower' | null;

export type FigureRow = {
  key: string;
  label: string;
  better: Better;
  /** What "best" means in this row, read beside it. */
  bestMeans: string;
  /** The figure compared; null when the strategy has none (a token strategy has no duration). */
  value(result: AnyResult): number | null;
  /** A sum of dollars, which grows with the amount invested. */
  inDollars?: true;
  format(value: number): string;
};

const pct = (value: number) => formatPercent(value);
const usd = (value: number) => formatUsd(value, { whole: true });

// Ratings compare by their place in the credit universe, best first; the row shows the notch.
const ratingRank = (rating: string) => {
  const index = CREDIT_UNIVERSE.indexOf(rating as (typeof CREDIT_UNIVERSE)[number]);
  return index < 0 ? null : CREDIT_UNIVERSE.length - index;
};
const ratingOfRank = (rank: number) => CREDIT_UNIVERSE[CREDIT_UNIVERSE.length - rank] ?? MISSING;

const bond = (read: (result: BondSimulationResult) => number | null) => (result: AnyResult) =>
  isBondResult(result) ? read(result) : null;
const history = (read: (result: SimulationResult) => number) => (result: AnyResult) => {
  const found = historyOf(result);
  return found ? read(found) : null;
};

/** The rows of the comparison, bond figures first, then those of the history over the window. */
export const FIGURE_ROWS: readonly FigureRow[] = [
  {
    key: 'portfolio_yield',
    label: 'Portfolio yield',
    better: 'higher',
    bestMeans: 'highest yield',
    value: bond((result) => result.attributes.portfolio_yield),
    format: pct,
  },
  {
    key: 'tax_equivalent_yield',
    label: 'Tax-equivalent yield',
    better: 'higher',
    bestMeans: 'highest tax-equivalent yield',
    value: bond((result) => result.attributes.tax_equivalent_yield),
    format: pct,
  },
  {
    key: 'after_tax_cash_flow',
    label: 'After-tax cash flow',
    better: 'higher',
    bestMeans: 'most cash a year after tax',
    value: bond((result) => result.attributes.after_tax_cash_flow),
    inDollars: true,
    format: usd,
  },
  {
    key: 'avg_rating',
    label: 'Average rating',
    better: 'higher',
    bestMeans: 'highest credit quality',
    value: bond((result) => ratingRank(result.attributes.avg_rating)),
    format: ratingOfRank,
  },
  {
    key: 'duration',
    label: 'Duration (years)',
    better: null,
    bestMeans: 'no best: a horizon to match, not a merit',
    value: bond((result) => result.attributes.duration),
    format: formatYears,
  },
  {
    key: 'liquidity',
    label: 'Liquidity (1-100)',
    better: 'higher',
    bestMeans: 'most readily traded',
    value: bond((result) => result.attributes.liquidity),
    format: (value) => value.toFixed(0),
  },
  {
    key: 'rate_shock',
    label: 'Rate shock, rates +1%',
    better: 'higher',
    bestMeans: 'smallest loss when rates rise',
    value: rateShockOf,
    format: pct,
  },
  {
    key: 'tax_loss_harvested_value',
    label: 'Tax saved by harvesting',
    better: 'higher',
    bestMeans: 'most tax saved',
    value: bond((result) => result.attributes.tax_loss_harvested_value),
    inDollars: true,
    format: usd,
  },
  {
    key: 'balance',
    label: 'Ending balance',
    better: 'higher',
    bestMeans: 'largest ending balance',
    value: history((result) => result.balance.balance),
    inDollars: true,
    format: usd,
  },
  {
    key: 'total_return',
    label: 'Total return',
    better: 'higher',
    bestMeans: 'highest return',
    value: history((result) => result.performance_stats.total_return),
    format: pct,
  },
  {
    key: 'annualized_return',
    label: 'Annualized return',
    better: 'higher',
    bestMeans: 'highest return a year',
    value: history((result) => result.performance_stats.annualized_return),
    format: pct,
  },
  {
    key: 'excess_return',
    label: 'Excess return over benchmark',
    better: 'higher',
    bestMeans: 'most above its benchmark',
    value: history((result) => result.performance_stats.excess_return),
    format: pct,
  },
  {
    key: 'volatility',
    label: 'Volatility',
    better: 'lower',
    bestMeans: 'lowest volatility',
    value: history((result) => result.performance_stats.volatility),
    format: pct,
  },
  {
    key: 'sharp_ratio',
    label: 'Sharpe ratio',
    better: 'higher',
    bestMeans: 'most return per unit of risk',
    value: history((result) => result.performance_stats.sharp_ratio),
    format: (value) => value.toFixed(2),
  },
  {
    key: 'turnover',
    label: 'Turnover',
    better: 'lower',
    bestMeans: 'least trading',
    value: history((result) => result.performance_stats.turnover),
    format: pct,
  },
  {
    key: 'tax_savings',
    label: 'Tax savings from harvested losses',
    better: 'higher',
    bestMeans: 'most tax saved',
    value: history((result) =>
      result.tax_loss_harvesting.yearly.reduce((sum, year) => sum + year.tax_savings, 0),
    ),
    inDollars: true,
    format: usd,
  },
];

export type RowCell = { text: string; isBest: boolean; differs: boolean };

/** The amount a result's history starts from, to the dollar; null when it has no history. */
function startingAmount(result: AnyResult): number | null {
  const found = historyOf(result);
  return found ? Math.round(found.balance.balance - found.balance.total_gain_loss) : null;
}

/**
 * Whether a row's best means anything: a dollar figure of a strategy that invests more is larger
 * for that reason alone, so dollar rows have a best only among strategies that start alike.
 */
function isFairRow(row: FigureRow, results: readonly (AnyResult | undefined)[]): boolean {
  if (!row.inDollars) return true;
  const amounts = new Set(
    results.flatMap((result) => {
      const amount = result ? startingAmount(result) : null;
      return amount === null ? [] : [amount];
    }),
  );
  return amounts.size <= 1;
}

/** What "best" means in a row across these results, read beside it. */
export function bestMeansOf(row: FigureRow, results: readonly (AnyResult | undefined)[]): string {
  return isFairRow(row, results)
    ? row.bestMeans
    : 'no best: the strategies start from different amounts (compare their returns)';
}

/**
 * One row across the columns: each figure as shown, which are the best, and which differ from
 * the first column. Figures compare as they read on screen, so two that print alike tie; a row
 * is marked only when at least two strategies have the figure and they are not all equal (and,
 * for dollars, start from the same amount), and every column that reaches the best is marked.
 */
export function compareRow(row: FigureRow, results: readonly (AnyResult | undefined)[]): RowCell[] {
  const values = results.map((result) => (result ? row.value(result) : null));
  const texts = values.map((value) => (value === null ? MISSING : row.format(value)));
  const present = values.flatMap((value, index) =>
    value === null ? [] : [{ value, text: texts[index] as string }],
  );
  const distinct = new Set(present.map((item) => item.text));
  let bestText: string | undefined;
  if (row.better && present.length >= 2 && distinct.size > 1 && isFairRow(row, results)) {
    const best = present.reduce((winner, item) =>
      (row.better === 'higher' ? item.value > winner.value : item.value < winner.value)
        ? item
        : winner,
    );
    bestText = best.text;
  }
  const first = texts[0];
  return values.map((value, index) => {
    const text = texts[index] as string;
    return {
      text,
      isBest: value !== null && text === bestText,
      differs: index > 0 && value !== null && first !== MISSING && text !== first,
    };
  });
}

/** The rows at least one of the results has a figure for. */
export function rowsFor(results: readonly (AnyResult | undefined)[]): FigureRow[] {
  return FIGURE_ROWS.filter((row) =>
    results.some((result) => result !== undefined && row.value(result) !== null),
  );
}
