import type { MarketHistory } from '../valuation/valuation-types.ts';
import { importMarket, type MarketFiles } from './csv-market.ts';
import { marketHistory } from './market-history.ts';

/**
 * A history from a firm's files (SPEC 3.9, 3.10): every day their curve, token closes and
 * benchmark levels all cover, up to the curve's last day. Bonds are priced each day off that
 * day's curve and the spread read off the file's clean price on the last day; the file lists
 * the bonds outstanding on its last day, so none of them was called before it (SPEC 3.13); a
 * bond that has matured may stay, its price empty, so that its maturity is still paid.
 * New days arrive by the files growing and being imported again.
 */
export function importMarketHistory(files: MarketFiles): MarketHistory {
  const market = importMarket(files, { keepRedeemed: true });
  return marketHistory({
    version: market.version,
    market,
    pricedOnLastDay: true,
    lastDay: market.asOf,
    listedOn: new Int32Array(market.bonds.count).fill(market.asOf),
  });
}
