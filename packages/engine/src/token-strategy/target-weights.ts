import type { TokenStrategy } from '@ballast/contract';
import type { TokenMarket } from '../market/market-data.ts';

export const METHODOLOGIES = [
  'MARKET_CAP',
  'SQRT_MARKET_CAP',
  'EQUAL_WEIGHT',
  'MOMENTUM',
  'INVERSE_VOLATILITY',
  'FIXED',
] as const;
export type Methodology = (typeof METHODOLOGIES)[number];

/** Days of history momentum and volatility look back over (SPEC 11.3). */
const MOMENTUM_DAYS = 90;
/** Daily log returns the volatility weighting reads; 60 returns need 61 closes. */
const VOLATILITY_RETURNS = 60;

const capOf = (market: TokenMarket, token: number, day: number) =>
  ((market.prices[token] as Float64Array)[day] as number) * (market.tokens[token]?.supply ?? 0);

/**
 * The tokens a strategy holds on a day (SPEC 11.2): a fixed basket's own tokens, or the N
 * largest by market value that day, excluded tokens skipped so the next takes their place.
 */
export function universeOn(market: TokenMarket, strategy: TokenStrategy, day: number): number[] {
  const index = new Map(market.tokens.map((token, i) => [token.symbol, i]));
  const excluded = new Set(strategy.constraints.exclude);
  if (strategy.calculation_methodology === 'FIXED') {
    return strategy.assets.flatMap((asset) => {
      const token = index.get(asset.instrument);
      return token === undefined || excluded.has(asset.instrument) ? [] : [token];
    });
  }
  const size = Number(strategy.token_universe.replace('TOP_', ''));
  return market.tokens
    .map((token, i) => ({ i, symbol: token.symbol, cap: capOf(market, i, day) }))
    .filter((entry) => !excluded.has(entry.symbol))
    .sort((a, b) => b.cap - a.cap)
    .slice(0, size)
    .map((entry) => entry.i);
}

function rawScore(market: TokenMarket, strategy: TokenStrategy, token: number, day: number) {
  const prices = market.prices[token] as Float64Array;
  switch (strategy.calculation_methodology as Methodology) {
    case 'MARKET_CAP':
      return capOf(market, token, day);
    case 'SQRT_MARKET_CAP':
      return Math.sqrt(capOf(market, token, day));
    case 'EQUAL_WEIGHT':
      return 1;
    case 'MOMENTUM': {
      const from = Math.max(0, day - MOMENTUM_DAYS);
      return (prices[day] as number) / (prices[from] as number) - 1;
    }
    case 'INVERSE_VOLATILITY': {
      // The returns of days from..day read the closes of from − 1..day.
      const from = Math.max(1, day - VOLATILITY_RETURNS + 1);
      const returns: number[] = [];
      for (let d = from; d <= day; d++) {
        returns.push(Math.log((prices[d] as number) / (prices[d - 1] as number)));
      }
      if (returns.length < 2) return 1;
      const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
      const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
      return variance > 0 ? 1 / Math.sqrt(variance) : 1;
    }
    case 'FIXED': {
      const symbol = market.tokens[token]?.symbol;
      return strategy.assets.find((asset) => asset.instrument === symbol)?.target_pct ?? 0;
    }
  }
}

/**
 * Target weights on a day, summing to 1 (SPEC 11.3): each token's score under the methodology
 * over the universe's total (momentum by rank), equal weights when every score is 0, then each
 * named limit
 * applied with the excess spread over the tokens still under theirs, until none is over.
 */
export function targetWeights(
  market: TokenMarket,
  strategy: TokenStrategy,
  day: number,
): Map<number, number> {
  const universe = universeOn(market, strategy, day);
  const raw = universe.map((token) => rawScore(market, strategy, token, day));
  // Momentum ranks rather than scales: the strongest gets N shares, the weakest one, so a
  // single runaway token cannot take the whole portfolio.
  const scores =
    strategy.calculation_methodology === 'MOMENTUM'
      ? raw.map((score) => 1 + raw.filter((other) => other < score).length)
      : raw;
  const total = scores.reduce((sum, score) => sum + score, 0);
  const weights = new Map(
    universe.map((token, i) => [
      token,
      total > 0 ? (scores[i] as number) / total : 1 / universe.length,
    ]),
  );
  return capped(market, weights, strategy.constraints.limits);
}

function capped(
  market: TokenMarket,
  weights: Map<number, number>,
  limits: TokenStrategy['constraints']['limits'],
): Map<number, number> {
  const limitOf = new Map<number, number>();
  for (const limit of limits) {
    const token = market.tokens.findIndex((candidate) => candidate.symbol === limit.instrument);
    if (weights.has(token)) limitOf.set(token, limit.limit_pct / 100);
  }
  for (let round = 0; round < weights.size; round++) {
    let excess = 0;
    for (const [token, weight] of weights) {
      const limit = limitOf.get(token);
      if (limit !== undefined && weight > limit) {
        excess += weight - limit;
        weights.set(token, limit);
      }
    }
    if (excess <= 1e-12) break;
    const free = [...weights].filter(([token, weight]) => {
      const limit = limitOf.get(token);
      return limit === undefined || weight < limit;
    });
    const freeTotal = free.reduce((sum, [, weight]) => sum + weight, 0);
    // Nowhere to put the excess: it stays in cash.
    if (freeTotal <= 0) break;
    for (const [token, weight] of free) weights.set(token, weight + (excess * weight) / freeTotal);
  }
  return weights;
}
