import type { BondStrategy, SimulationResult, TaxData } from '@ballast/contract';
import { benchmarkOn } from '../backtest/benchmark.ts';
import { generalResult } from '../backtest/general-result.ts';
import { calendarYears } from '../backtest/performance-stats.ts';
import { riskFreeReturns } from '../backtest/risk-free.ts';
import { addMonths, type EpochDay, formatIsoDate, toCivil } from '../dates.ts';
import { BOND_CLASSES, type BondClass, type MarketData } from '../market/market-data.ts';
import { referenceYield } from '../market/price-to-worst.ts';
import { taxRatesOf } from '../tax/after-tax-yield.ts';
import { capitalLossSavings, lossRates } from '../tax/loss-savings.ts';
import { inWashSaleWindow, isSubstantiallyIdentical } from '../tax/wash-sale.ts';
import type { ConstructedPortfolio } from './construct-portfolio.ts';
import type { Candidate } from './eligible-bonds.ts';

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
} as const;

export type BondBacktest = {
  result: SimulationResult;
  /** Losses realised by harvesting over the window, USD. */
  harvestedLosses: number;
  /** What those losses saved in tax over the window, USD. */
  taxSavings: number;
  /** Each loss swap: the day, the bond sold and the bond bought, by index into the universe. */
  swaps: { day: EpochDay; sold: number; bought: number }[];
};

type Holding = {
  /** The bond held: today's, or the one a swap replaced it with. */
  bond: number;
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
 * harvesting on, a position whose loss has reached the threshold is swapped for a like bond
 * that is not substantially identical, realising the loss (SPEC 9.3-9.4).
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
  const profileOf = (bond: number) => ({
    bond,
    bondClass: BOND_CLASSES[bonds.bondClass[bond] as number] as BondClass,
    spread: bonds.spread[bond] as number,
    years: Math.max(0.25, ((bonds.worstDay[bond] as number) - asOf) / 365.25),
    duration: bonds.duration[bond] as number,
    convexity: bonds.convexity[bond] as number,
  });
  const holdings: Holding[] = portfolio.positions.map((position) => ({
    ...profileOf(position.bond),
    value: position.marketValue,
    cost: position.marketValue,
    acquired: first,
    lastSwap: Number.NEGATIVE_INFINITY,
  }));
  const identity = (bond: number) => ({
    issuer: bonds.issuer[bond] as string,
    maturity: bonds.maturity[bond] as number,
    coupon: bonds.coupon[bond] as number,
  });
  const candidateOf = new Map(portfolio.candidates.map((candidate) => [candidate.bond, candidate]));
  const soldAtLoss: { bond: number; day: EpochDay }[] = [];
  const swaps: BondBacktest['swaps'] = [];
  const purchases = holdings.map((holding) => ({ bond: holding.bond, day: first }));
  /**
   * The like bond a loss swap buys (SPEC 9.4): an eligible bond of the same reported class and
   * rating bucket, within half a year of duration, not held, and not substantially identical
   * to the bond sold nor to any sold at a loss within the wash-sale window; the best after tax.
   */
  const replacementFor = (sold: number, day: EpochDay): number | undefined => {
    const like = candidateOf.get(sold);
    if (!like) return undefined;
    const held = new Set(holdings.map((holding) => holding.bond));
    const recent = soldAtLoss.filter((sale) => inWashSaleWindow(sale.day, day));
    let best: Candidate | undefined;
    for (const candidate of portfolio.candidates) {
      if (
        candidate.reportedClass !== like.reportedClass ||
        candidate.ratingBucket !== like.ratingBucket ||
        Math.abs(candidate.duration - like.duration) > 0.5 ||
        held.has(candidate.bond) ||
        (best && candidate.afterTaxYield <= best.afterTaxYield)
      ) {
        continue;
      }
      const washes = [sold, ...recent.map((sale) => sale.bond)].some((other) =>
        isSubstantiallyIdentical(identity(other), identity(candidate.bond)),
      );
      if (!washes) best = candidate;
    }
    return best?.bond;
  };
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
      // A like bond bought in the last 30 days (not this lot) would wash the loss (SPEC 4.5).
      const washedByPurchase = purchases.some(
        (purchase) =>
          purchase.bond !== holding.bond &&
          inWashSaleWindow(purchase.day, day) &&
          isSubstantiallyIdentical(identity(purchase.bond), identity(holding.bond)),
      );
      if (washedByPurchase) return;
      const replacement = replacementFor(holding.bond, day);
      // No like bond can be bought without washing the loss: keep the position for now.
      if (replacement === undefined) return;
      const month = formatIsoDate(day).slice(0, 7);
      const entry = losses.get(month) ?? { short: 0, long: 0 };
      if (day - holding.acquired > 365) entry.long += loss;
      else entry.short += loss;
      losses.set(month, entry);
      soldAtLoss.push({ bond: holding.bond, day });
      swaps.push({ day, sold: holding.bond, bought: replacement });
      purchases.push({ bond: replacement, day });
      traded += holding.value;
      Object.assign(holding, profileOf(replacement));
      holding.value *= 1 - BOND_BACKTEST.swapCost;
      holding.cost = holding.value;
      holding.acquired = day;
      holding.lastSwap = day;
      // Tomorrow's move is the replacement's, from its own yield today.
      nextYields[i] = yieldOf(holding, day);
    });
    yields = nextYields;
    balances.push(holdings.reduce((sum, holding) => sum + holding.value, cash));
  }

  const benchmark = benchmarkOn(market.benchmarks.bond, days, balances[0] as number);
  const rates = taxRatesOf(taxData);
  const savings = capitalLossSavings(yearlyLosses(losses), toCivil(asOf).year, lossRates(rates));
  const windowYears = calendarYears(days);
  const harvestedLosses = [...losses.values()].reduce(
    (sum, entry) => sum + entry.short + entry.long,
    0,
  );
  const taxSavings = savings.reduce((sum, year) => sum + year.savings, 0);
  const money = (amount: number) => Math.round(amount * 100) / 100;

  return {
    harvestedLosses: money(harvestedLosses),
    taxSavings: money(taxSavings),
    swaps,
    result: generalResult({
      timeframe: `${formatIsoDate(first)} to ${formatIsoDate(asOf)}`,
      days,
      balances,
      benchmark,
      riskFree: riskFreeReturns(market, days),
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
