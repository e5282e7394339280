import { SimulationResultSchema } from '@ballast/contract';
import { makeBondStrategyInput } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates.ts';
import { generatedMarket } from '../market/generated-market.ts';
import { loadSolver } from '../optimise/solver.ts';
import { inWashSaleWindow, isSubstantiallyIdentical } from '../tax/wash-sale.ts';
import { backtestBondPortfolio } from './bond-backtest.ts';
import { constructBondPortfolio } from './construct-portfolio.ts';

const highs = await loadSolver();
const market = generatedMarket();
const input = makeBondStrategyInput();
const strategy = {
  ...input.strategy,
  factors: { ...input.strategy.factors, liquidity: { target: 'U' as const, min: 1, max: 100 } },
};
const portfolio = constructBondPortfolio(highs, market, strategy, input.tax_data);
const harvesting = backtestBondPortfolio(market, portfolio, strategy, input.tax_data);
const holding = backtestBondPortfolio(
  market,
  portfolio,
  { ...strategy, tax_options: { ...strategy.tax_options, tax_loss_harvest: false } },
  input.tax_data,
);

describe('the bond backtest (SPEC 9)', () => {
  it('swaps into like bonds that wash no loss (SPEC 9.4, 4.5)', () => {
    const { bonds } = market;
    const identity = (bond: number) => ({
      issuer: bonds.issuer[bond] as string,
      maturity: bonds.maturity[bond] as number,
      coupon: bonds.coupon[bond] as number,
    });
    expect(harvesting.swaps.length).toBeGreaterThan(0);
    const first = harvesting.result.balance.data[0]?.dates[0] ?? '';
    const purchases = [
      ...portfolio.positions.map((position) => ({ bond: position.bond, day: parseIsoDate(first) })),
      ...harvesting.swaps.map((swap) => ({ bond: swap.bought, day: swap.day })),
    ];
    for (const sale of harvesting.swaps) {
      expect(bonds.bondClass[sale.bought]).toBe(bonds.bondClass[sale.sold]);
      // No other purchase of a like bond within 30 days either side of the loss sale.
      const washing = purchases.filter(
        (purchase) =>
          // The purchase of the lot being sold is not a replacement for it.
          !(purchase.bond === sale.sold && purchase.day <= sale.day) &&
          inWashSaleWindow(sale.day, purchase.day) &&
          isSubstantiallyIdentical(identity(sale.sold), identity(purchase.bond)),
      );
      expect(washing, bonds.cusip[sale.sold]).toEqual([]);
    }
  });

  it('fills the contract’s general result over five years to the market’s date', () => {
    const { result } = harvesting;
    expect(SimulationResultSchema.parse(result)).toEqual(result);
    expect(result.timeframe).toBe('2021-11-01 to 2026-10-30');
    const [portfolioSeries, benchmarkSeries] = result.balance.data;
    expect(portfolioSeries?.values[0]).toBeCloseTo(input.tax_data.initial_investment_amount, 2);
    expect(benchmarkSeries?.values[0]).toBeCloseTo(input.tax_data.initial_investment_amount, 2);
    expect(portfolioSeries?.dates).toHaveLength(benchmarkSeries?.values.length ?? 0);
    expect(result.balance.balance).toBe(portfolioSeries?.values.at(-1));
  });

  it('agrees with itself: total return, gain and balance tell the same story', () => {
    const { balance, performance_stats } = harvesting.result;
    const initial = input.tax_data.initial_investment_amount;
    expect(balance.total_gain_loss).toBeCloseTo(balance.balance - initial, 1);
    expect(performance_stats.total_return).toBeCloseTo(balance.total_gain_loss_perc, 3);
    expect(performance_stats.volatility).toBeGreaterThan(0);
  });

  it('harvests losses only when asked, and never more than the positions lost', () => {
    expect(holding.harvestedLosses).toBe(0);
    expect(holding.result.tax_loss_harvesting.monthly).toEqual([]);
    expect(holding.result.performance_stats.turnover).toBe(0);
    expect(harvesting.harvestedLosses).toBeGreaterThan(0);
    const monthly = harvesting.result.tax_loss_harvesting.monthly;
    const total = monthly.reduce((sum, month) => sum + month.losses, 0);
    expect(total).toBeCloseTo(harvesting.harvestedLosses, 0);
    // Each swap costs a little, so harvesting cannot end richer by more than the tax it saves.
    expect(harvesting.result.balance.balance).toBeLessThanOrEqual(holding.result.balance.balance);
    expect(harvesting.taxSavings).toBeGreaterThan(0);
  });
});
