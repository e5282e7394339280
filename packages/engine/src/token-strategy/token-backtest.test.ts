import { SimulationResultSchema, type TokenStrategy } from '@ballast/contract';
import { makeTaxData, makeTokenStrategyInput } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { formatIsoDate, parseIsoDate, toCivil } from '../dates.ts';
import { LotBook } from '../lots/lot-book.ts';
import { generatedMarket } from '../market/generated-market.ts';
import type { TokenMarket } from '../market/market-data.ts';
import { targetWeights } from './target-weights.ts';
import { receiveStakingReward, simulateTokenStrategy } from './token-backtest.ts';

const market = generatedMarket({ bondCounts: { municipal: 600, corporate: 200, treasury: 50 } });
const base = makeTokenStrategyInput().strategy;
const taxData = makeTaxData();

function strategyWith(changes: Partial<TokenStrategy>): TokenStrategy {
  return { ...base, ...changes };
}

function run(strategy: TokenStrategy) {
  const answer = simulateTokenStrategy(market, { strategy, tax_data: taxData }, 'today');
  if (!answer.ok) throw new Error(answer.reason);
  return answer.value;
}

describe('target weights (SPEC 11.2-11.3)', () => {
  const day = market.tokens.days.length - 1;

  it('weights the largest tokens by market value, skipping excluded ones', () => {
    const weights = targetWeights(
      market.tokens,
      strategyWith({
        token_universe: 'TOP_10',
        calculation_methodology: 'MARKET_CAP',
        constraints: { exclude: ['BTC'], limits: [] },
      }),
      day,
    );
    expect(weights.size).toBe(10);
    const symbols = [...weights.keys()].map((token) => market.tokens.tokens[token]?.symbol);
    expect(symbols).not.toContain('BTC');
    const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
    expect(total).toBeCloseTo(1, 12);
  });

  it('holds a limited token at its limit and spreads the rest', () => {
    const weights = targetWeights(
      market.tokens,
      strategyWith({
        token_universe: 'TOP_5',
        calculation_methodology: 'MARKET_CAP',
        constraints: { exclude: [], limits: [{ instrument: 'ETH', limit_pct: 5 }] },
      }),
      day,
    );
    const eth = market.tokens.tokens.findIndex((token) => token.symbol === 'ETH');
    if (weights.has(eth)) expect(weights.get(eth)).toBeCloseTo(0.05, 12);
    expect([...weights.values()].reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(1, 12);
  });

  it('holds a fixed basket at its own weights, scaled to the whole', () => {
    const weights = targetWeights(
      market.tokens,
      strategyWith({
        calculation_methodology: 'FIXED',
        assets: [
          { instrument: 'BTC', target_pct: 30 },
          { instrument: 'ETH', target_pct: 10 },
        ],
        constraints: { exclude: [], limits: [] },
      }),
      day,
    );
    expect([...weights.values()].map((weight) => Math.round(weight * 100))).toEqual([75, 25]);
  });
});

describe('inverse volatility over 60 daily log returns (SPEC 11.3)', () => {
  it('reads the last 61 closes and no earlier one', () => {
    // Two tokens, 62 closes (days 0-61), weighted on day 61. From day 1 on, A's log returns
    // alternate +1 % and −1 %, B's +2 % and −2 %; on day 1 A jumped by a log return of 1.
    // The 60 returns of days 2-61 have mean 0 and sample deviations 1 % × √(60/59) and
    // 2 % × √(60/59): weights in proportion to 1/σ are 2/3 and 1/3. The jump, the 61st return
    // back, would count only if the window read 62 closes.
    const closes = (step: number, jump: number) => {
      const prices = new Float64Array(62);
      prices[0] = 100;
      prices[1] = 100 * Math.exp(jump);
      for (let d = 2; d < 62; d++) {
        prices[d] = (prices[d - 1] as number) * Math.exp(d % 2 === 0 ? step : -step);
      }
      return prices;
    };
    const token = (symbol: string) => ({
      symbol,
      name: symbol,
      consensusMechanism: 'Proof of Work',
      sector: 'Currency',
      stakingYield: 0,
      supply: 1_000,
    });
    const twoTokens: TokenMarket = {
      tokens: [token('A'), token('B')],
      days: Int32Array.from({ length: 62 }, (_, d) => parseIsoDate('2026-01-01') + d),
      prices: [closes(0.01, 1), closes(0.02, 0)],
      volumes: [new Float64Array(62), new Float64Array(62)],
    };
    const weights = targetWeights(
      twoTokens,
      strategyWith({
        token_universe: 'TOP_2',
        calculation_methodology: 'INVERSE_VOLATILITY',
        constraints: { exclude: [], limits: [] },
      }),
      61,
    );
    expect(weights.get(0)).toBeCloseTo(2 / 3, 9);
    expect(weights.get(1)).toBeCloseTo(1 / 3, 9);
  });
});

describe('staking rewards (SPEC 11.6)', () => {
  it('opens a lot each day a reward is received, its holding period starting that day', () => {
    const book = new LotBook();
    book.buy(365, 8, parseIsoDate('2024-06-03'));
    // 7.3 % a year on 365 units is 365 × 0.073 / 365 = 0.073 units a day: at $10, $0.73.
    expect(receiveStakingReward(book, 0.073, 10, parseIsoDate('2025-01-01'))).toBeCloseTo(0.73, 12);
    // The next day on 365.073 units: 365.073 × 0.0002 = 0.0730146 units, at $20 $1.460292.
    expect(receiveStakingReward(book, 0.073, 20, parseIsoDate('2025-01-02'))).toBeCloseTo(
      1.460292,
      12,
    );
    expect(book.lots.map((lot) => formatIsoDate(lot.acquired))).toEqual([
      '2024-06-03',
      '2025-01-01',
      '2025-01-02',
    ]);
    // Sold on 2026-01-02: the reward of 2025-01-01 has been held more than a year, the one of
    // 2025-01-02 has not (SPEC 4.3).
    const sold = book.sell(book.quantity, 30, parseIsoDate('2026-01-02'), 'FIFO');
    expect(sold.map((piece) => piece.long)).toEqual([true, true, false]);
  });

  it('reports the rewards as ordinary income, taxed at federal and state rates', () => {
    // A basket of SOL alone, neither harvested nor rebalanced away from 100 %: the first day
    // buys q0 = I / (1.001 p0) units, and each later day d adds q × y / 365 to the q held, so
    // q grows by (1 + y / 365) a day and day d's reward is q0 (1 + y/365)^(d−1) × y/365 at
    // that day's close. The factory's client pays 35 % federally and 13.3 % to California:
    // the rewards' tax is 48.3 % of them; the 3.8 % surtax is not added.
    const strategy = strategyWith({
      calculation_methodology: 'FIXED',
      assets: [{ instrument: 'SOL', target_pct: 100 }],
      constraints: { exclude: [], limits: [] },
      tax_options: { ...base.tax_options, tax_loss_harvest: false, staking: true },
    });
    const result = run(strategy);
    const sol = market.tokens.tokens.findIndex((token) => token.symbol === 'SOL');
    const closes = market.tokens.prices[sol] as Float64Array;
    const y = market.tokens.tokens[sol]?.stakingYield as number;
    let held = taxData.initial_investment_amount / (1.001 * (closes[0] as number));
    const income = new Map<number, number>();
    market.tokens.days.forEach((date, d) => {
      if (d === 0) return;
      const reward = (held * y) / 365;
      held += reward;
      const year = toCivil(date).year;
      income.set(year, (income.get(year) ?? 0) + reward * (closes[d] as number));
    });
    expect(result.staking_income?.map((entry) => entry.year)).toEqual([...income.keys()]);
    for (const entry of result.staking_income ?? []) {
      const expected = income.get(entry.year) as number;
      expect(entry.income_usd).toBeCloseTo(expected, 1);
      expect(entry.tax_usd).toBeCloseTo(expected * 0.483, 1);
    }
    expect(
      run({ ...strategy, tax_options: { ...strategy.tax_options, staking: false } }),
    ).not.toHaveProperty('staking_income');
  });
});

describe('the token backtest (SPEC 11)', () => {
  it('counts the exchange’s fee in a purchase’s basis and a sale’s proceeds (SPEC 11.1)', () => {
    // A basket of BTC alone, no staking. The first day spends I / 1.001 at the close p0 and
    // pays the fee on it: q = I / (1.001 p0) units at a basis of exactly I. A harvest sells at
    // the close p less the fee, so the lot's loss is I − q p × 0.999; the first day it reaches
    // 10 % of I it is harvested (SPEC 11.5), and nothing else is harvested that month.
    const result = run(
      strategyWith({
        calculation_methodology: 'FIXED',
        assets: [{ instrument: 'BTC', target_pct: 100 }],
        constraints: { exclude: [], limits: [] },
        tax_options: { ...base.tax_options, staking: false },
      }),
    );
    const btc = market.tokens.tokens.findIndex((token) => token.symbol === 'BTC');
    const closes = market.tokens.prices[btc] as Float64Array;
    const invested = taxData.initial_investment_amount;
    const q = invested / (1.001 * (closes[0] as number));
    const first = closes.findIndex((p) => invested - q * p * 0.999 >= 0.1 * invested);
    const month = formatIsoDate(market.tokens.days[first] as number).slice(0, 7);
    const [harvested] = result.tax_loss_harvesting.monthly;
    expect(harvested?.month).toBe(month);
    expect(harvested?.losses).toBeCloseTo(invested - q * (closes[first] as number) * 0.999, 1);
  });

  it('fills the contract’s general result over five years of daily prices', () => {
    const result = run(
      strategyWith({ token_universe: 'TOP_20', calculation_methodology: 'MARKET_CAP' }),
    );
    expect(SimulationResultSchema.parse(result)).toEqual(result);
    const [portfolio, benchmark] = result.balance.data;
    expect(portfolio?.values[0]).toBeCloseTo(taxData.initial_investment_amount * (1 - 0.001), -1);
    expect(benchmark?.values[0]).toBe(portfolio?.values[0]);
    expect(portfolio?.dates).toHaveLength(market.tokens.days.length);
    const shares = Object.values(result.holdings).reduce((sum, share) => sum + share, 0);
    expect(shares).toBeCloseTo(100, 2);
    for (const table of Object.values(result.attributes)) {
      expect(Object.values(table).reduce((sum, share) => sum + share, 0)).toBeCloseTo(100, 2);
    }
  });

  it('harvests losses only when asked, and trades more when it does', () => {
    const harvesting = run(strategyWith({ calculation_methodology: 'MARKET_CAP' }));
    const holding = run(
      strategyWith({
        calculation_methodology: 'MARKET_CAP',
        tax_options: { ...base.tax_options, tax_loss_harvest: false },
      }),
    );
    expect(holding.tax_loss_harvesting.monthly).toEqual([]);
    expect(harvesting.tax_loss_harvesting.monthly.length).toBeGreaterThan(0);
    expect(harvesting.performance_stats.turnover).toBeGreaterThan(
      holding.performance_stats.turnover,
    );
  });

  it('harvests nothing once a wash-sale rule for tokens is in force (SPEC 11.5)', () => {
    const strategy = strategyWith({ calculation_methodology: 'MARKET_CAP' });
    const days = market.tokens.days;
    const middle = days[Math.floor(days.length / 2)] as number;
    const answer = simulateTokenStrategy(market, { strategy, tax_data: taxData }, 'today', {
      washSalesFrom: middle,
    });
    if (!answer.ok) throw new Error(answer.reason);
    const months = answer.value.tax_loss_harvesting.monthly.map((entry) => entry.month);
    expect(months.length).toBeGreaterThan(0);
    expect(months.every((month) => month <= formatIsoDate(middle).slice(0, 7))).toBe(true);
  });

  it('grows by staking rewards when asked', () => {
    const strategy = strategyWith({
      token_universe: 'TOP_20',
      calculation_methodology: 'EQUAL_WEIGHT',
    });
    const staking = run({ ...strategy, tax_options: { ...strategy.tax_options, staking: true } });
    const plain = run({ ...strategy, tax_options: { ...strategy.tax_options, staking: false } });
    expect(staking.balance.balance).toBeGreaterThan(plain.balance.balance);
  });

  it('keeps within a zero tax budget: no gains realised, so the fewest trades', () => {
    const strategy = strategyWith({
      calculation_methodology: 'MARKET_CAP',
      recalculation_frequency: 'WEEKLY',
      tax_options: { ...base.tax_options, tax_loss_harvest: false, total_tax_budget: 0 },
    });
    const free = run({
      ...strategy,
      tax_options: { ...strategy.tax_options, total_tax_budget: null },
    });
    expect(run(strategy).performance_stats.turnover).toBeLessThan(free.performance_stats.turnover);
  });

  it('answers why it cannot run a strategy it does not know', () => {
    expect(
      simulateTokenStrategy(
        market,
        { strategy: strategyWith({ calculation_methodology: 'ASTROLOGY' }), tax_data: taxData },
        'today',
      ),
    ).toEqual({ ok: false, reason: 'The weighting ASTROLOGY is not one the engine knows.' });
    expect(
      simulateTokenStrategy(
        market,
        {
          strategy: strategyWith({
            calculation_methodology: 'FIXED',
            assets: [{ instrument: 'NOPE', target_pct: 100 }],
          }),
          tax_data: taxData,
        },
        'today',
      ),
    ).toEqual({ ok: false, reason: 'The market has no token NOPE.' });
  });
});
