import { SimulationResultSchema, type TokenStrategy } from '@ballast/contract';
import { makeTaxData, makeTokenStrategyInput } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { formatIsoDate } from '../dates.ts';
import { generatedMarket } from '../market/generated-market.ts';
import { targetWeights } from './target-weights.ts';
import { simulateTokenStrategy } from './token-backtest.ts';

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

describe('the token backtest (SPEC 11)', () => {
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
