import type { EpochDay } from '../dates.ts';
import type { MarketHistory } from '../valuation/valuation-types.ts';
import { joinBonds } from './bond-universe.ts';
import { earlierBonds, type ListedBonds } from './earlier-bonds.ts';
import type { GENERATED_BOND_COUNTS } from './generated-bonds.ts';
import { DEFAULT_MARKET, generatedMarketParts } from './generated-market.ts';
import { extendGeneratedMarket } from './market-extension.ts';
import { marketHistory } from './market-history.ts';

export type GeneratedMarketHistoryOptions = {
  seed?: number;
  /** The generated market's own date, which the history carries on from. */
  asOf?: string;
  /** The history's last day: any day, usually today. */
  through: EpochDay;
  /** Fewer bonds for quick tests, in the bundled market and in each earlier year's. */
  bondCounts?: typeof GENERATED_BOND_COUNTS;
};

/**
 * The bundled market (SPEC 3.1) with every day up to `through` (SPEC 3.10-3.14): the market of
 * its date (`DEFAULT_MARKET`'s unless given) carried on past it, with the bonds of earlier years that matured
 * before it. Its version names the seed and the rules, not `through`: a day's figures are the
 * same in every history that reaches it.
 */
export function generatedMarketHistory(options: GeneratedMarketHistoryOptions): MarketHistory {
  const seed = options.seed ?? DEFAULT_MARKET.seed;
  const parts = generatedMarketParts({
    seed,
    asOf: options.asOf,
    bondCounts: options.bondCounts,
  });
  const base = parts.market;
  const market = extendGeneratedMarket(parts, seed, options.through);
  const earlier = earlierBonds({
    seed,
    asOf: base.asOf,
    curveOn: market.treasuryCurve,
    counts: options.bondCounts,
  });
  const listed: ListedBonds[] = [
    { bonds: base.bonds, listedOn: new Int32Array(base.bonds.count).fill(base.asOf) },
    ...earlier,
  ];
  const bonds = joinBonds(listed.map((part) => part.bonds));
  const listedOn = new Int32Array(bonds.count);
  let offset = 0;
  for (const part of listed) {
    listedOn.set(part.listedOn, offset);
    offset += part.bonds.count;
  }
  return marketHistory({
    version: `${base.version}:history-1`,
    market: { ...market, bonds },
    lastDay: options.through,
    listedOn,
  });
}
