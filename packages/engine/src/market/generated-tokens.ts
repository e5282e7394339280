import type { EpochDay } from '../dates.ts';
import type { Token, TokenMarket } from './market-data.ts';
import type { Random } from './random.ts';

export const CONSENSUS_MECHANISMS = [
  'Proof of Work',
  'Proof of Stake',
  'Delegated Proof of Stake',
  'Proof of History',
  'Other',
] as const;

export const TOKEN_SECTORS = [
  'Layer 1',
  'Layer 2',
  'DeFi',
  'Payments',
  'Infrastructure',
  'Oracles',
  'Gaming',
  'Storage',
  'Meme',
] as const;

type Consensus = (typeof CONSENSUS_MECHANISMS)[number];
type Sector = (typeof TOKEN_SECTORS)[number];

/** Well-known tokens, largest first; the strategy forms offer the first eleven by name. */
export const KNOWN_TOKENS: readonly (readonly [string, string, Consensus, Sector])[] = [
  ['BTC', 'Bitcoin', 'Proof of Work', 'Payments'],
  ['ETH', 'Ether', 'Proof of Stake', 'Layer 1'],
  ['SOL', 'Solana', 'Proof of History', 'Layer 1'],
  ['XRP', 'XRP', 'Other', 'Payments'],
  ['ADA', 'Cardano', 'Proof of Stake', 'Layer 1'],
  ['AVAX', 'Avalanche', 'Proof of Stake', 'Layer 1'],
  ['DOGE', 'Dogecoin', 'Proof of Work', 'Meme'],
  ['DOT', 'Polkadot', 'Proof of Stake', 'Infrastructure'],
  ['LINK', 'Chainlink', 'Other', 'Oracles'],
  ['MATIC', 'Polygon', 'Proof of Stake', 'Layer 2'],
  ['ATOM', 'Cosmos', 'Delegated Proof of Stake', 'Infrastructure'],
  ['LTC', 'Litecoin', 'Proof of Work', 'Payments'],
  ['BCH', 'Bitcoin Cash', 'Proof of Work', 'Payments'],
  ['UNI', 'Uniswap', 'Other', 'DeFi'],
  ['XLM', 'Stellar', 'Other', 'Payments'],
  ['NEAR', 'Near', 'Proof of Stake', 'Layer 1'],
  ['APT', 'Aptos', 'Proof of Stake', 'Layer 1'],
  ['ARB', 'Arbitrum', 'Other', 'Layer 2'],
  ['OP', 'Optimism', 'Other', 'Layer 2'],
  ['FIL', 'Filecoin', 'Other', 'Storage'],
  ['ALGO', 'Algorand', 'Proof of Stake', 'Layer 1'],
  ['AAVE', 'Aave', 'Other', 'DeFi'],
  ['ETC', 'Ethereum Classic', 'Proof of Work', 'Layer 1'],
  ['XTZ', 'Tezos', 'Proof of Stake', 'Layer 1'],
  ['EOS', 'EOS', 'Delegated Proof of Stake', 'Layer 1'],
  ['MKR', 'Maker', 'Other', 'DeFi'],
  ['GRT', 'The Graph', 'Other', 'Infrastructure'],
  ['SAND', 'The Sandbox', 'Other', 'Gaming'],
  ['MANA', 'Decentraland', 'Other', 'Gaming'],
  ['AXS', 'Axie Infinity', 'Other', 'Gaming'],
  ['CRV', 'Curve', 'Other', 'DeFi'],
  ['SNX', 'Synthetix', 'Other', 'DeFi'],
  ['COMP', 'Compound', 'Other', 'DeFi'],
  ['AR', 'Arweave', 'Other', 'Storage'],
  ['KSM', 'Kusama', 'Proof of Stake', 'Infrastructure'],
  ['ZEC', 'Zcash', 'Proof of Work', 'Payments'],
  ['DASH', 'Dash', 'Proof of Work', 'Payments'],
  ['XMR', 'Monero', 'Proof of Work', 'Payments'],
  ['SHIB', 'Shiba Inu', 'Other', 'Meme'],
  ['TRX', 'Tron', 'Delegated Proof of Stake', 'Layer 1'],
];

const SYLLABLES = [
  'ar',
  'bel',
  'cor',
  'dra',
  'en',
  'fal',
  'gor',
  'hel',
  'is',
  'jun',
  'kel',
  'lum',
  'mor',
  'nex',
  'or',
  'pra',
  'qua',
  'ril',
  'sol',
  'tor',
  'ul',
  'vex',
  'wyn',
  'zen',
];

/** How many tokens the generated market holds (SPEC 3.7). */
export const GENERATED_TOKEN_COUNT = 100;

/** Market value of the largest token at the start of the history, USD. */
const LARGEST_CAP = 8e11;
/** Daily volatility of the market factor every token moves with. */
const MARKET_VOLATILITY = 0.03;
const TAIL_DEGREES = 4;

function tokenList(random: Random): Token[] {
  const tokens: Token[] = KNOWN_TOKENS.map(([symbol, name, consensusMechanism, sector]) => ({
    symbol,
    name,
    consensusMechanism,
    sector,
    stakingYield: 0,
    supply: 0,
  }));
  const taken = new Set(tokens.map((token) => token.symbol));
  while (tokens.length < GENERATED_TOKEN_COUNT) {
    const word = `${random.pick(SYLLABLES)}${random.pick(SYLLABLES)}${random.pick(SYLLABLES)}`;
    const symbol = word.slice(0, 4).toUpperCase();
    if (taken.has(symbol)) continue;
    taken.add(symbol);
    tokens.push({
      symbol,
      name: word.charAt(0).toUpperCase() + word.slice(1),
      consensusMechanism: random.pick(CONSENSUS_MECHANISMS),
      sector: random.pick(TOKEN_SECTORS),
      stakingYield: 0,
      supply: 0,
    });
  }
  for (const token of tokens) {
    const stakes = /Stake|History/.test(token.consensusMechanism);
    token.stakingYield = stakes ? Math.round((0.02 + random.next() * 0.1) * 10_000) / 10_000 : 0;
  }
  return tokens;
}

/** What moves each token from one day to the next (SPEC 3.7), by index into the token list. */
export type TokenDynamics = {
  drift: readonly number[];
  betas: readonly number[];
  ownVolatility: readonly number[];
  /** Share of the token's market value traded a day, before the day's noise. */
  turnover: readonly number[];
};

/**
 * Daily closes for every token over `days` (SPEC 3.7): log returns from one market factor and
 * each token's own shocks, both Student's t with four degrees of freedom, so tokens move
 * together and crash together, with the fat tails of real crypto returns. Market values start
 * on a power law by rank; smaller tokens are more volatile. The dynamics come back with the
 * market, so an extension continues the same walk (SPEC 3.10).
 */
export function generateTokens(
  random: Random,
  days: Int32Array,
): { market: TokenMarket; dynamics: TokenDynamics } {
  const tokens = tokenList(random);
  const count = tokens.length;
  const betas = tokens.map((_, rank) => 0.8 + random.next() * 0.5 + (rank === 0 ? 0 : 0.1));
  const ownVolatility = tokens.map(
    (_, rank) => 0.012 + (0.045 * rank) / count + random.next() * 0.01,
  );
  // Log-return drift that offsets the market's volatility drag and some of a token's own, so
  // the market grows at its rate while the most volatile small tokens drift slowly down, as
  // most small tokens have.
  const drift = tokens.map(
    (_, i) =>
      0.0003 +
      random.normal() * 0.0005 +
      0.5 * ((betas[i] as number) * MARKET_VOLATILITY) ** 2 +
      0.2 * (ownVolatility[i] as number) ** 2,
  );
  const turnover = tokens.map(() => 0.01 + random.next() * 0.08);
  const dynamics = { drift, betas, ownVolatility, turnover };
  const prices = tokens.map(() => new Float64Array(days.length));
  const volumes = tokens.map(() => new Float64Array(days.length));
  tokens.forEach((token, rank) => {
    const cap = LARGEST_CAP * (rank + 1) ** -1.6;
    const price = 10 ** (random.next() * 4 - 1);
    token.supply = cap / price;
    (prices[rank] as Float64Array)[0] = price;
  });
  for (let day = 1; day < days.length; day++) {
    const shocks = dailyLogReturns(dynamics, random);
    for (let i = 0; i < count; i++) {
      const series = prices[i] as Float64Array;
      series[day] = (series[day - 1] as number) * Math.exp(shocks[i] as number);
    }
  }
  for (let i = 0; i < count; i++) {
    const series = prices[i] as Float64Array;
    const traded = volumes[i] as Float64Array;
    const supply = (tokens[i] as Token).supply;
    for (let day = 0; day < days.length; day++) {
      traded[day] = tradedValue(dynamics, i, (series[day] as number) * supply, random);
    }
  }
  return { market: { tokens, days, prices, volumes }, dynamics };
}

/** One day's log return of every token: the market factor's draw, then each token's own. */
export function dailyLogReturns(dynamics: TokenDynamics, random: Random): Float64Array {
  const market = MARKET_VOLATILITY * random.studentT(TAIL_DEGREES);
  return Float64Array.from(
    dynamics.drift,
    (drift, i) =>
      drift +
      (dynamics.betas[i] as number) * market +
      (dynamics.ownVolatility[i] as number) * random.studentT(TAIL_DEGREES),
  );
}

/** A day's traded value of token `index` at its market value that day. */
export function tradedValue(
  dynamics: TokenDynamics,
  index: number,
  marketValue: number,
  random: Random,
): number {
  return marketValue * (dynamics.turnover[index] as number) * Math.exp(0.4 * random.normal());
}

/** Every calendar day from `first` to `last`: tokens trade every day. */
export function calendarDays(first: EpochDay, last: EpochDay): Int32Array {
  return Int32Array.from({ length: last - first + 1 }, (_, index) => first + index);
}
