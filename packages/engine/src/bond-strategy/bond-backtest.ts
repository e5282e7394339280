import type { BondStrategy, SimulationResult, TaxData } from '@ballast/contract';
import { benchmarkOn } from '../backtest/benchmark.ts';
import { generalResult } from '../backtest/general-result.ts';
import { addMonths, type EpochDay, formatIsoDate, toCivil } from '../dates.ts';
import { referenceYield } from '../market/generated-bonds.ts';
import { BOND_CLASSES, type BondClass, type MarketData } from '../market/market-data.ts';
import { taxRatesOf } from '../tax/after-tax-yield.ts';
import { capitalLossSavings, lossRates } from '../tax/loss-savings.ts';
import type { ConstructedPortfolio } from './construct-portfolio.ts';

/** How the bond backtest runs (SPEC 9). */
export const BOND_BACKTEST = {
  years: 5,
  /** A position is harvested once its loss reaches this share of its cost... */
  harvestShare: 0.02,
  /** ...and at least this many dollars. */
  harvestMinimum: 1_000,
  /** Bid-ask cost of a swap, as a share of the value sold. */
  swapCost: 0.001,
  /** A position swapped is not swapped again within this many days (SPEC 9.4). */
  reharvestDays: 31,
  periodsPerYear: 252,
} as const;

export type BondBacktest = {
  result: SimulationResult;
  /** Losses realised by harvesting over the window, USD. */
  harvestedLosses: number;
  /** What those losses saved in tax over the window, USD. */
  taxSavings: number;
};

type Holding = {
  bondClass: BondClass;
  spread: number;
  years: number;
  duration: number;
  convexity: number;
  value: number;
  cost: number;
  acquired: EpochDay;
  lastSwap: EpochDay;
};

/**
 * Today's portfolio held through the last five years of the curve (SPEC 9.1): each position
 * keeps its remaining maturity, spread, duration and convexity, earns its yield each day,
 * moves with the change in its yield to second order, and reinvests its income. With tax-loss
 * harvesting on, a position whose loss has reached the threshold is swapped for a like bond of
 * another issuer, realising the loss (SPEC 9.3-9.4).
 */
export function backtestBondPortfolio(
  market: MarketData,
  portfolio: ConstructedPortfolio,
  strategy: BondStrategy,
  taxData: TaxData,
): BondBacktest {
  const { bonds, asOf } = market;
  const start = addMonths(asOf, -12 * BOND_BACKTEST.years);
  const days = Array.from(market.curveDays).filter((day) => day >= start);
  const first = days[0] as EpochDay;
  const yieldOf = (holding: Holding, day: EpochDay) =>
    Math.max(
      0.0005,
      referenceYield(holding.bondClass, market.treasuryCurve(day), holding.years) + holding.spread,
    );
  const holdings: Holding[] = portfolio.positions.map((position) => ({
    bondClass: BOND_CLASSES[bonds.bondClass[position.bond] as number] as BondClass,
    spread: bonds.spread[position.bond] as number,
    years: Math.max(0.25, ((bonds.worstDay[position.bond] as number) - asOf) / 365.25),
    duration: bonds.duration[position.bond] as number,
    convexity: bonds.convexity[position.bond] as number,
    value: position.marketValue,
    cost: position.marketValue,
    acquired: first,
    lastSwap: Number.NEGATIVE_INFINITY,
  }));
  let cash = portfolio.cash;
  const balances = [holdings.reduce((sum, holding) => sum + holding.value, cash)];
  const losses = new Map<string, { short: number; long: number }>();
  let traded = 0;
  let yields = holdings.map((holding) => yieldOf(holding, first));

  for (let k = 1; k < days.length; k++) {
    const day = days[k] as EpochDay;
    const elapsed = (day - (days[k - 1] as EpochDay)) / 365;
    const nextYields = holdings.map((holding) => yieldOf(holding, day));
    cash *= 1 + market.treasuryCurve(day)(0.25) * elapsed;
    holdings.forEach((holding, i) => {
      const before = yields[i] as number;
      const change = (nextYields[i] as number) - before;
      const income = holding.value * before * elapsed;
      holding.value =
        holding.value * (1 - holding.duration * change + 0.5 * holding.convexity * change ** 2) +
        income;
      // Reinvested income buys more of the position at today's price.
      holding.cost += income;
      if (!strategy.tax_options.tax_loss_harvest) return;
      const loss = holding.cost - holding.value;
      const due =
        loss >= Math.max(BOND_BACKTEST.harvestShare * holding.cost, BOND_BACKTEST.harvestMinimum) &&
        day - holding.lastSwap >= BOND_BACKTEST.reharvestDays;
      if (!due) return;
      const month = formatIsoDate(day).slice(0, 7);
      const entry = losses.get(month) ?? { short: 0, long: 0 };
      if (day - holding.acquired > 365) entry.long += loss;
      else entry.short += loss;
      losses.set(month, entry);
      traded += holding.value;
      holding.value *= 1 - BOND_BACKTEST.swapCost;
      holding.cost = holding.value;
      holding.acquired = day;
      holding.lastSwap = day;
    });
    yields = nextYields;
    balances.push(holdings.reduce((sum, holding) => sum + holding.value, cash));
  }

  const benchmark = benchmarkOn(market.benchmarks.bond, days, balances[0] as number);
  const rates = taxRatesOf(taxData);
  const savings = capitalLossSavings(yearlyLosses(losses), toCivil(asOf).year, lossRates(rates));
  const windowYears = (days.length - 1) / BOND_BACKTEST.periodsPerYear;
  const harvestedLosses = [...losses.values()].reduce(
    (sum, entry) => sum + entry.short + entry.long,
    0,
  );
  const taxSavings = savings.reduce((sum, year) => sum + year.savings, 0);
  const money = (amount: number) => Math.round(amount * 100) / 100;

  return {
    harvestedLosses: money(harvestedLosses),
    taxSavings: money(taxSavings),
    result: generalResult({
      timeframe: `${formatIsoDate(first)} to ${formatIsoDate(asOf)}`,
      dates: days.map(formatIsoDate),
      balances,
      benchmark,
      periodsPerYear: BOND_BACKTEST.periodsPerYear,
      monthlyLosses: new Map(
        [...losses.entries()].map(([month, entry]) => [month, entry.short + entry.long]),
      ),
      yearly: savings,
      // The lesser of purchases and sales is either: a swap sells and buys the same value.
      tradedPerYear: traded / windowYears,
      holdings: holdingsTable(market, portfolio),
      // Consensus, market value and volume buckets describe tokens; a bond portfolio has none.
      attributes: { consensus_mechanism: {}, market_capitalization: {}, sector: {}, volume: {} },
    }),
  };
}

function yearlyLosses(losses: ReadonlyMap<string, { short: number; long: number }>) {
  const years = new Map<number, { short: number; long: number }>();
  for (const [month, entry] of losses) {
    const year = Number(month.slice(0, 4));
    const total = years.get(year) ?? { short: 0, long: 0 };
    total.short += entry.short;
    total.long += entry.long;
    years.set(year, total);
  }
  return [...years.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, entry]) => ({ year, ...entry }));
}

/** Today's positions by CUSIP, percent of the bonds' value (SPEC 9.6). */
function holdingsTable(
  market: MarketData,
  portfolio: ConstructedPortfolio,
): Record<string, number> {
  const total = portfolio.positions.reduce((sum, position) => sum + position.marketValue, 0);
  return Object.fromEntries(
    portfolio.positions.map((position) => [
      market.bonds.cusip[position.bond] as string,
      Math.round((position.marketValue / total) * 1e6) / 1e4,
    ]),
  );
}
