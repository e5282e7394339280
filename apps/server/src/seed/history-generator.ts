/**
 * A portfolio's daily valuations: a NAV random walk with the occasional deposit, withdrawal and
 * realized gain or loss, returns over the product's periods computed from that very series, and the
 * asset lines of the last day.
 */

import { ASSET_CLASSES, type HoldingReportInput } from '@ballast/api';
import type { AssetLine, StrategyInput } from '@ballast/contract';
import type { Random } from '@ballast/engine';
import { cusip } from '@ballast/engine';

const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const round2 = (value: number) => Math.round(value * 100) / 100;

const MUNI_ISSUERS = [
  ['State of', 'GO'],
  ['County of', 'Water & Sewer Rev'],
  ['City of', 'Transit Rev'],
  ['Port Authority of', 'Rev'],
  ['University of', 'Education Rev'],
] as const;
const CORPORATES = [
  'Apple Inc',
  'JPMorgan Chase & Co',
  'Johnson & Johnson',
  'Microsoft Corp',
  'Procter & Gamble Co',
  'Duke Energy Corp',
  'Verizon Communications',
  'Caterpillar Inc',
];
const STATE_NAMES: Record<string, string> = {
  NY: 'New York',
  CA: 'California',
  TX: 'Texas',
  FL: 'Florida',
  IL: 'Illinois',
  NJ: 'New Jersey',
  CO: 'Colorado',
  MA: 'Massachusetts',
};
const TOKENS = [
  ['BTC', 'Bitcoin', 64_000],
  ['ETH', 'Ether', 3_100],
  ['SOL', 'Solana', 145],
  ['XRP', 'XRP', 0.52],
  ['ADA', 'Cardano', 0.45],
  ['AVAX', 'Avalanche', 28],
  ['DOT', 'Polkadot', 6.1],
  ['LINK', 'Chainlink', 14],
  ['MATIC', 'Polygon', 0.7],
  ['ATOM', 'Cosmos', 7.9],
] as const;

const alnum = (random: Random, count: number) =>
  Array.from({ length: count }, () => random.pick([...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'])).join(
    '',
  );

/** Bond lines across the strategy's classes, plus cash, worth `nav` together. */
function bondLines(
  random: Random,
  strategy: StrategyInput,
  nav: number,
  count: number,
  residency: string,
): AssetLine[] {
  const durations =
    strategy.style === 'B' ? strategy.strategy.factors.duration : { min: 3, max: 7 };
  const weights = { muni: 0.6, corp: 0.3, tsry: 0.1 };
  if (strategy.style === 'B' && strategy.strategy.assets.type === 'max_allocation') {
    const { muni_max_pct, corp_max_pct, tsry_max_pct } = strategy.strategy.assets;
    const total = muni_max_pct + corp_max_pct + tsry_max_pct;
    Object.assign(weights, {
      muni: muni_max_pct / total,
      corp: corp_max_pct / total,
      tsry: tsry_max_pct / total,
    });
  }
  const cashShare = 0.01 + random.next() * 0.02;
  const bonds = count - 1;
  const lines: AssetLine[] = [];
  let invested = 0;
  for (let index = 0; index < bonds; index += 1) {
    const roll = random.next();
    const kind =
      roll < weights.muni ? 'muni' : roll < weights.muni + weights.corp ? 'corp' : 'tsry';
    const inState = kind === 'muni' && random.chance(0.5);
    const state = inState ? residency : random.pick(Object.keys(STATE_NAMES));
    const coupon = round2(kind === 'tsry' ? 1 + random.next() * 3.5 : 2 + random.next() * 3.5);
    const maturity = 2027 + random.int(1, 20);
    const price = round2(94 + random.next() * 10);
    const ytw = round2(coupon * (100 / price) - random.next() * 0.3);
    const duration = round2(durations.min + random.next() * (durations.max - durations.min));
    const target = (nav * (1 - cashShare)) / bonds;
    const quantity = Math.max(5_000, Math.round(target / (price / 100) / 5_000) * 5_000);
    const value = round2((quantity * price) / 100);
    const cost = round2(value * (0.96 + random.next() * 0.08));
    const [prefix, suffix] = random.pick(MUNI_ISSUERS);
    const description =
      kind === 'muni'
        ? `${prefix} ${STATE_NAMES[state] ?? state} ${suffix} ${coupon.toFixed(3)}% ${maturity}`
        : kind === 'corp'
          ? `${random.pick(CORPORATES)} ${coupon.toFixed(3)}% ${maturity}`
          : `US Treasury Note ${coupon.toFixed(3)}% ${maturity}`;
    lines.push({
      asset_class:
        kind === 'muni'
          ? inState
            ? ASSET_CLASSES.inStateMunicipalBonds
            : ASSET_CLASSES.nationalMunicipalBonds
          : kind === 'corp'
            ? ASSET_CLASSES.corporateBonds
            : ASSET_CLASSES.treasuryBonds,
      cost_basis: cost,
      current_value_usd: value,
      cusip: cusip(kind === 'tsry' ? '912828' : alnum(random, 6), alnum(random, 2)),
      description,
      duration,
      last_price_usd: price,
      percent_account: 0,
      quantity,
      total_gain_loss_usd: round2(value - cost),
      ytw,
      in_state_flag: inState ? 'true' : 'false',
    });
    invested += value;
  }
  const cash = round2(Math.max(nav - invested, 0));
  lines.push({
    asset_class: ASSET_CLASSES.cash,
    cost_basis: cash,
    current_value_usd: cash,
    cusip: null,
    description: 'Cash and equivalents',
    duration: null,
    last_price_usd: 1,
    percent_account: 0,
    quantity: cash,
    total_gain_loss_usd: 0,
    ytw: null,
    in_state_flag: 'false',
  });
  const total = invested + cash;
  return lines.map((line) => ({
    ...line,
    percent_account: round2((line.current_value_usd / total) * 100),
  }));
}

function tokenLines(
  random: Random,
  strategy: StrategyInput,
  nav: number,
  count: number,
): AssetLine[] {
  const coins =
    strategy.style !== 'B' && strategy.strategy.assets.length > 0
      ? strategy.strategy.assets.map((asset) => ({
          token: TOKENS.find(([symbol]) => symbol === asset.instrument) ?? TOKENS[0],
          weight: asset.target_pct / 100,
        }))
      : TOKENS.slice(0, Math.min(count, TOKENS.length)).map((token, index, all) => ({
          token,
          weight: (all.length - index) / ((all.length * (all.length + 1)) / 2),
        }));
  return coins.map(({ token: [symbol, name, basePrice], weight }) => {
    const price = round2(basePrice * (0.9 + random.next() * 0.2));
    const value = round2(nav * weight);
    const cost = round2(value * (0.7 + random.next() * 0.6));
    return {
      asset_class: ASSET_CLASSES.token,
      cost_basis: cost,
      current_value_usd: value,
      cusip: null,
      description: `${name} (${symbol})`,
      duration: null,
      last_price_usd: price,
      percent_account: round2(weight * 100),
      quantity: Math.round((value / price) * 1e8) / 1e8,
      total_gain_loss_usd: round2(value - cost),
      ytw: null,
      in_state_flag: 'false',
    };
  });
}

const PERIOD_DAYS = { '1d': 1, '1m': 30, '3m': 91, '6m': 182, '1y': 365, '3y': 1095 } as const;

export type HistoryOptions = {
  strategy: StrategyInput;
  residency: string;
  startNav: number;
  /** The last reported day. */
  asOf: string;
  days: number;
  /** Asset lines of the last day's report. */
  lines: number;
};

export function generateHistory(random: Random, options: HistoryOptions): HoldingReportInput[] {
  const { strategy, days } = options;
  const bond = strategy.style === 'B';
  const drift = bond ? 0.00012 : 0.0006;
  const volatility = bond ? 0.0018 : 0.032;
  const navs: number[] = [];
  const benchmark: number[] = [];
  const flows: number[] = [];
  const points: { deposit: number; withdraw: number; gain: number; loss: number }[] = [];
  let nav = options.startNav;
  let bench = 100;
  for (let day = 0; day < days; day += 1) {
    const deposit = day > 0 && random.chance(0.012) ? random.int(1, 20) * 5_000 : 0;
    const withdraw =
      day > 0 && random.chance(0.008) ? Math.min(random.int(1, 10) * 2_500, nav * 0.1) : 0;
    if (day > 0) {
      nav = Math.max(nav * (1 + drift + volatility * random.normal()), 1_000);
      bench *= 1 + drift * 0.9 + volatility * 0.8 * random.normal();
    }
    nav += deposit - withdraw;
    navs.push(round2(nav));
    benchmark.push(bench);
    flows.push(deposit - withdraw);
    const realized = random.chance(0.05) ? round2(nav * random.next() * 0.004) : 0;
    const harvested = random.chance(0.04) ? round2(nav * random.next() * 0.006) : 0;
    points.push({ deposit, withdraw: round2(withdraw), gain: realized, loss: harvested });
  }
  const dates = navs.map((_, index) => addDays(options.asOf, index - days + 1));
  const yearStartIndex = (index: number) => {
    const year = (dates[index] ?? '').slice(0, 4);
    const first = dates.findIndex((date) => date.startsWith(year));
    return Math.max(first - 1, 0);
  };
  const change = (index: number, from: number) => {
    let flow = 0;
    for (let at = from + 1; at <= index; at += 1) flow += flows[at] ?? 0;
    const usd = round2((navs[index] ?? 0) - (navs[from] ?? 0) - flow);
    return { usd, pct: round2((usd / (navs[from] ?? 1)) * 100) };
  };
  const rate = strategy.tax_data.tax_rate / 100;
  let harvestedThisYear = 0;
  return navs.map((value, index) => {
    if (index > 0 && (dates[index] ?? '').slice(0, 4) !== (dates[index - 1] ?? '').slice(0, 4)) {
      harvestedThisYear = 0;
    }
    harvestedThisYear += points[index]?.loss ?? 0;
    const period = (days: number) => (index >= days ? change(index, index - days) : null);
    const ytd = change(index, yearStartIndex(index));
    const total = change(index, 0);
    const benchPct = (from: number | null) =>
      from === null
        ? null
        : round2(((benchmark[index] ?? 100) / (benchmark[from] ?? 100) - 1) * 100);
    const last = index === navs.length - 1;
    const assets = last
      ? bond
        ? bondLines(random, strategy, value, options.lines, options.residency)
        : tokenLines(random, strategy, value, options.lines)
      : [];
    const weighted = (field: 'ytw' | 'duration') => {
      const held = assets.filter((line) => line[field] !== null);
      const worth = held.reduce((sum, line) => sum + line.current_value_usd, 0);
      return worth === 0
        ? null
        : round2(
            held.reduce((sum, line) => sum + (line[field] ?? 0) * line.current_value_usd, 0) /
              worth,
          );
    };
    const ytw = bond ? (last ? weighted('ytw') : round2(3.2 + 0.4 * Math.sin(index / 40))) : null;
    const returns = Object.fromEntries(
      Object.entries(PERIOD_DAYS).flatMap(([name, span]) => {
        const result = period(span);
        return [
          [`return_${name}_usd`, result?.usd ?? null],
          [`return_${name}_pct`, result?.pct ?? null],
        ];
      }),
    );
    const from = (span: number) => (index >= span ? index - span : null);
    return {
      report_date: dates[index] as string,
      nav: value,
      ytw,
      duration: bond
        ? last
          ? weighted('duration')
          : round2(4.8 + 0.3 * Math.cos(index / 50))
        : null,
      annual_tax_loss: round2(harvestedThisYear),
      tey: ytw === null ? null : round2(ytw / (1 - rate)),
      percent_portfolio_analyzed: 100,
      average_rating: bond
        ? strategy.style === 'B'
          ? strategy.strategy.factors.credit.credit_universe.replace(/[+-]$/, '')
          : null
        : null,
      tax_loss_harvested: round2(harvestedThisYear),
      tax_loss_value: round2(harvestedThisYear * rate),
      ...(returns as Pick<HoldingReportInput, 'return_1d_usd'>),
      return_ytd_usd: ytd.usd,
      return_ytd_pct: ytd.pct,
      return_total_usd: total.usd,
      return_total_pct: total.pct,
      report_date_deposit_usd: points[index]?.deposit ?? 0,
      report_date_withdraw_usd: points[index]?.withdraw ?? 0,
      report_date_realized_gain: points[index]?.gain ?? 0,
      report_date_realized_loss: points[index]?.loss ?? 0,
      number_of_holdings: last ? assets.length : options.lines,
      assets,
      benchmark_returns: {
        '1m': benchPct(from(30)),
        '3m': benchPct(from(91)),
        '6m': benchPct(from(182)),
        ytd: benchPct(yearStartIndex(index)),
        '1y': benchPct(from(365)),
        total: benchPct(0),
      },
    } as HoldingReportInput;
  });
}
