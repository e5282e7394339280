import type { BondStrategyInput, TokenStrategyInput } from '@ballast/contract';
import type { Highs } from 'highs';
import { constructBondPortfolio } from '../bond-strategy/construct-portfolio.ts';
import { InfeasibleStrategyError } from '../bond-strategy/infeasible.ts';
import { latestIndex } from '../market/market-history.ts';
import { targetWeights } from '../token-strategy/target-weights.ts';
import type { DayState } from './day-state.ts';

/** What a strategy holds: face of each bond by CUSIP, and each token's weight by symbol. */
export type Targets = { bonds: Map<string, number>; tokens: Map<string, number> };

/**
 * A bond strategy's portfolio for `investCents` (SPEC 12.5): the engine's construction (SPEC 7)
 * on the market as it stood today, sized to the amount by passing it as the tax data's initial
 * investment. A strategy no portfolio meets answers with the construction's sentence (SPEC 7.8).
 */
export function bondTargets(
  state: DayState,
  solver: Highs,
  input: BondStrategyInput,
  investCents: number,
): Targets | { reason: string } {
  const key = `${state.history.version}|${state.day}|${investCents}|${JSON.stringify(input)}`;
  const known = constructions.get(key);
  if (known) return 'reason' in known ? known : { bonds: new Map(known.bonds), tokens: new Map() };
  const built = constructBondTargets(state, solver, input, investCents);
  if (constructions.size >= CONSTRUCTIONS_KEPT) {
    constructions.delete(constructions.keys().next().value as string);
  }
  constructions.set(key, built);
  return 'reason' in built ? built : { bonds: new Map(built.bonds), tokens: new Map() };
}

/**
 * Constructions already solved, by market, day, amount and strategy (SPEC 12.5): accounts that
 * open on one day with the same strategy and amount, as a firm's model accounts do, share one
 * solve. The construction is a function of those alone, so a kept one is the one a solve gives.
 */
const constructions = new Map<string, Targets | { reason: string }>();
const CONSTRUCTIONS_KEPT = 512;

function constructBondTargets(
  state: DayState,
  solver: Highs,
  input: BondStrategyInput,
  investCents: number,
): Targets | { reason: string } {
  const market = state.history.asOf(state.day);
  const taxData = { ...input.tax_data, initial_investment_amount: investCents / 100 };
  try {
    const portfolio = constructBondPortfolio(solver, market, input.strategy, taxData);
    const bonds = new Map<string, number>();
    for (const position of portfolio.positions) {
      const cusip = market.bonds.cusip[position.bond] as string;
      bonds.set(cusip, (bonds.get(cusip) ?? 0) + position.par);
    }
    return { bonds, tokens: new Map() };
  } catch (error) {
    if (error instanceof InfeasibleStrategyError) return { reason: error.message };
    throw error;
  }
}

/** A token strategy's weights today (SPEC 11.2-11.3), on the closes up to today. */
export function tokenTargets(state: DayState, input: TokenStrategyInput): Targets {
  // Weights look back from the day only, so the whole series serves, read at the day.
  const { tokens } = state.history.market;
  const weights = targetWeights(tokens, input.strategy, latestIndex(tokens.days, state.day));
  return {
    bonds: new Map(),
    tokens: new Map(
      [...weights].map(([index, weight]) => [tokens.tokens[index]?.symbol as string, weight]),
    ),
  };
}
