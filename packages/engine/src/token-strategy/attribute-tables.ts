import type { SimulationResult } from '@ballast/contract';
import type { TokenMarket } from '../market/market-data.ts';

/** Market value buckets, USD (SPEC 11.8). */
const CAP_BUCKETS = [
  { name: 'Large', from: 10e9 },
  { name: 'Mid', from: 1e9 },
  { name: 'Small', from: 0 },
] as const;
/** Average daily traded value over the last 30 days, USD (SPEC 11.8). */
const VOLUME_BUCKETS = [
  { name: 'High', from: 500e6 },
  { name: 'Medium', from: 50e6 },
  { name: 'Low', from: 0 },
] as const;
const VOLUME_DAYS = 30;

const bucketOf = (buckets: readonly { name: string; from: number }[], value: number) =>
  (buckets.find((bucket) => value >= bucket.from) ?? buckets[buckets.length - 1])?.name ?? '';

/**
 * Shares of the tokens held on `day`, percent, by consensus mechanism, market value bucket,
 * sector and traded volume bucket (SPEC 11.8). `held` is each token's value that day.
 */
export function attributeTables(
  market: TokenMarket,
  held: readonly number[],
  day: number,
): SimulationResult['attributes'] {
  const total = held.reduce((sum, value) => sum + value, 0);
  const tables = {
    consensus_mechanism: {} as Record<string, number>,
    market_capitalization: {} as Record<string, number>,
    sector: {} as Record<string, number>,
    volume: {} as Record<string, number>,
  };
  if (total <= 0) return tables;
  const add = (table: Record<string, number>, key: string, share: number) => {
    table[key] = Math.round(((table[key] ?? 0) + share) * 1e6) / 1e6;
  };
  held.forEach((value, token) => {
    if (value <= 0) return;
    const info = market.tokens[token];
    if (!info) return;
    const share = (value / total) * 100;
    const price = (market.prices[token] as Float64Array)[day] as number;
    const volumes = market.volumes[token] as Float64Array;
    const from = Math.max(0, day - VOLUME_DAYS + 1);
    let traded = 0;
    for (let d = from; d <= day; d++) traded += volumes[d] as number;
    add(tables.consensus_mechanism, info.consensusMechanism, share);
    add(tables.market_capitalization, bucketOf(CAP_BUCKETS, price * info.supply), share);
    add(tables.sector, info.sector, share);
    add(tables.volume, bucketOf(VOLUME_BUCKETS, traded / (day - from + 1)), share);
  });
  return tables;
}
