import {
  makeBondStrategyInput,
  makeTaxData,
  makeTokenStrategyInput,
} from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { simulateBondStrategy } from './bond-strategy/simulate-bond-strategy.ts';
import { generatedMarket } from './market/generated-market.ts';
import { loadSolver } from './optimise/solver.ts';
import { simulateTokenStrategy } from './token-strategy/token-backtest.ts';

/**
 * Golden results for the bundled market's fixed seed (SPEC 3.1): the same request gives these
 * figures on every machine. A change that moves them changes what advisors see, and must say
 * so: update them in the same commit, raise ENGINE_RULES_VERSION (SPEC 3.1), and give the reason
 * in its message.
 */
const market = generatedMarket();

describe('golden results for the fixed seed', () => {
  it('generates the same market', () => {
    expect(market.version).toBe('generated-2:20261030:2026-10-30:50000');
    expect(market.bonds.cusip[12_345]).toBe('0000I60A6');
    expect(market.bonds.ytw[12_345]).toBeCloseTo(0.04232916609204492, 14);
    expect(market.tokens.prices[0]?.[1_000]).toBeCloseTo(57.3867965656185, 10);
  });

  it('simulates the factory’s bond strategy to the same figures', async () => {
    const input = makeBondStrategyInput();
    const answer = simulateBondStrategy(
      await loadSolver(),
      market,
      {
        strategy: {
          ...input.strategy,
          factors: { ...input.strategy.factors, liquidity: { target: 'U', min: 1, max: 100 } },
        },
        tax_data: input.tax_data,
      },
      'today',
    );
    if (!answer.ok) throw new Error(answer.reason);
    const { bond, general } = answer.value;
    expect({
      portfolio_yield: bond.attributes.portfolio_yield,
      tax_equivalent_yield: bond.attributes.tax_equivalent_yield,
      duration: bond.attributes.duration,
      holdings: Object.keys(general.holdings).length,
      first: Object.keys(general.holdings)[0],
      balance: general.balance.balance,
      tax_loss_value: bond.tax_loss_value,
      rate_shocks: bond.rate_change_sensitivity.map((row) => row.value_change),
    }).toEqual({
      portfolio_yield: 5.3786,
      tax_equivalent_yield: 8.8304,
      duration: 5.8721,
      holdings: 25,
      first: '500034285',
      balance: 552242.87,
      tax_loss_value: 51359.27,
      // −300 to +300 bp; 18 of the 25 are 5 % munis priced to a call (SPEC 8.6).
      rate_shocks: [21.2628, 13.2765, 6.2329, -8.8874, -17.2718, -24.5867],
    });
  });

  it('backtests the factory’s token strategy to the same figures', () => {
    const answer = simulateTokenStrategy(
      market,
      { strategy: makeTokenStrategyInput().strategy, tax_data: makeTaxData() },
      'today',
    );
    if (!answer.ok) throw new Error(answer.reason);
    expect({
      balance: answer.value.balance.balance,
      total_return: answer.value.performance_stats.total_return,
      sharpe: answer.value.performance_stats.sharp_ratio,
      harvest_months: answer.value.tax_loss_harvesting.monthly.length,
    }).toEqual({ balance: 754337.42, total_return: 51.0184, sharpe: 0.4289, harvest_months: 32 });
  });
});
