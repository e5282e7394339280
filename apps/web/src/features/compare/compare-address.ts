import { type FormOption, type StrategyInput, StrategyInputSchema } from '@ballast/contract';
import { paths } from '../../config/paths.ts';
import { readAt } from '../../lib/strategy-draft.ts';

/** Where one compared strategy comes from: a portfolio's current strategy, or one written out. */
export type StrategySource =
  | { kind: 'portfolio'; portfolioId: string }
  | { kind: 'strategy'; strategy: StrategyInput };

/** What the comparer's best cell is chosen for. */
export const COMPARER_GOALS = ['yield', 'tax_equivalent_yield', 'liquidity', 'rate_shock'] as const;
export type ComparerGoal = (typeof COMPARER_GOALS)[number];

/** A comparison as its address holds it: the strategies, the goal and whose comparer is open. */
export type Comparison = {
  sources: StrategySource[];
  goal: ComparerGoal;
  /** Index in `sources` of the bond strategy whose comparer is shown, or null for none. */
  comparerOf: number | null;
};

export const MAX_STRATEGIES = 4;
export const MIN_STRATEGIES = 2;

const PORTFOLIO_PREFIX = 'portfolio:';
const STRATEGY_PREFIX = 'strategy:';

function sourceToParam(source: StrategySource): string {
  return source.kind === 'portfolio'
    ? `${PORTFOLIO_PREFIX}${source.portfolioId}`
    : `${STRATEGY_PREFIX}${JSON.stringify(source.strategy)}`;
}

/** A strategy written in an address, or undefined when it is not one the contract accepts. */
export function parseStrategyParam(text: string): StrategyInput | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = StrategyInputSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

function sourceFromParam(param: string): StrategySource | undefined {
  if (param.startsWith(PORTFOLIO_PREFIX)) {
    const portfolioId = param.slice(PORTFOLIO_PREFIX.length);
    return portfolioId ? { kind: 'portfolio', portfolioId } : undefined;
  }
  if (param.startsWith(STRATEGY_PREFIX)) {
    const strategy = parseStrategyParam(param.slice(STRATEGY_PREFIX.length));
    return strategy ? { kind: 'strategy', strategy } : undefined;
  }
  return undefined;
}

/**
 * The query string of a comparison: one `s` per strategy, in column order, then `goal` and
 * `comparer`. A strategy is written whole, as JSON, so that a link restores exactly what was
 * compared, even a strategy built on the spot that was never saved anywhere.
 */
export function comparisonToSearch(comparison: Comparison): URLSearchParams {
  const search = new URLSearchParams();
  for (const source of comparison.sources) search.append('s', sourceToParam(source));
  search.set('goal', comparison.goal);
  if (comparison.comparerOf !== null) search.set('comparer', String(comparison.comparerOf));
  return search;
}

/**
 * The comparison an address names (decision 018). What cannot be read (an unknown goal, a
 * strategy the contract refuses, more than four strategies) is left out rather than failing the
 * page; `dropped` counts the strategies left out so the page can say so. `strategy` is the single
 * strategy Build carries over (`/portfolio/compare?strategy=…`), added as one more column, after
 * the current strategy of the `portfolio` Build was changing.
 */
export function comparisonFromSearch(search: URLSearchParams): {
  comparison: Comparison;
  dropped: number;
} {
  const params = [...search.getAll('s')];
  const changing = search.get('portfolio');
  if (changing !== null) params.push(`${PORTFOLIO_PREFIX}${changing}`);
  const carried = search.get('strategy');
  if (carried !== null) params.push(`${STRATEGY_PREFIX}${carried}`);
  const read = params.map(sourceFromParam);
  const sources = read.filter((source) => source !== undefined).slice(0, MAX_STRATEGIES);
  const goalParam = search.get('goal');
  const goal = COMPARER_GOALS.find((item) => item === goalParam) ?? 'tax_equivalent_yield';
  const comparerParam = search.get('comparer');
  const comparerIndex = comparerParam === null ? Number.NaN : Number(comparerParam);
  const comparerOf =
    Number.isInteger(comparerIndex) && comparerIndex >= 0 && comparerIndex < sources.length
      ? comparerIndex
      : null;
  return { comparison: { sources, goal, comparerOf }, dropped: params.length - sources.length };
}

/**
 * The Build screen with a strategy loaded, in Build's own address: `style`, then each form
 * option's payload field with the strategy's value there (text as itself, anything else as
 * JSON). Build replays the fields in the order of the options, so a choice's constraints come
 * before the fields that follow it and every value ends as the strategy has it.
 */
export function buildAddress(strategy: StrategyInput, options: readonly FormOption[]): string {
  const search = new URLSearchParams({ style: strategy.style });
  for (const option of options) {
    const value = readAt(strategy, option.payload_field_name);
    if (value === undefined) continue;
    search.set(
      option.payload_field_name,
      typeof value === 'string' ? value : JSON.stringify(value),
    );
  }
  return `${paths.build}?${search}`;
}
