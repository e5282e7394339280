import type { BondStrategy, SimulationResult, TaxData } from '@ballast/contract';
import { benchmarkOn } from '../backtest/benchmark.ts';
import { generalResult } from '../backtest/general-result.ts';
import { calendarYears } from '../backtest/performance-stats.ts';
import { riskFreeReturns } from '../backtest/risk-free.ts';
import { addMonths, type EpochDay, formatIsoDate, toCivil } from '../dates.ts';
import { isLongTerm } from '../lots/lot-book.ts';
import {
  BOND_CLASSES,
  type BondClass,
  type MarketData,
  type YieldCurve,
} from '../market/market-data.ts';
import {
  bondYield,
  type WorstCandidates,
  worstAt,
  worstCandidates,
  yearsBetween,
} from '../market/price-to-worst.ts';
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
  /**
   * Each loss swap: the day, the bond sold and the bond bought, by index into the universe, and
   * whether the loss was long-term (SPEC 9.3).
   */
  swaps: { day: EpochDay; sold: number; bought: number; long: boolean }[];
};

type Priced = {
  /** The bond held: today's, or the one a swap replaced it with. */
  bond: number;
  bondClass: BondClass;
  spread: number;
  /** Today's remaining years to maturity, where its yield reads the curve (SPEC 3.4). */
  years: number;
  /** Today's flows to each redemption that can be worst, kept as the position ages. */
  candidates: WorstCandidates;
  /** Its yield and dirty price to worst per 100 on the last day it was priced. */
  rate: number;
  price: number;
};

type Holding = Priced & {
  value: number;
  cost: number;
  acquired: EpochDay;
  lastSwap: EpochDay;
};

/** A position's yield on a day's curve and its price to worst there (SPEC 9.1). */
function priceOn(position: Omit<Priced, 'rate' | 'price'>, curve: YieldCurve) {
  const rate = bondYield(position, curve, position.years);
  return { rate, price: worstAt(position.candidates, rate).dirty };
}

/**
 * Today's portfolio held through the last five years of the curve (SPEC 9.1): each position
 * keeps today's flows to maturity and its calls and its spread, earns its yield each day, is
 * repriced to worst at each day's yield, and reinvests its income. With tax-loss
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
  /** A position in `bond` priced to worst on a day's curve. */
  const profileOf = (bond: number, curve: YieldCurve): Priced => {
    const profile = {
      bond,
      bondClass: BOND_CLASSES[bonds.bondClass[bond] as number] as BondClass,
      spread: bonds.spread[bond] as number,
      years: yearsBetween(asOf, bonds.maturity[bond] as number),
      candidates: worstCandidates(
        {
          coupon: bonds.coupon[bond] as number,
          dated: bonds.dated[bond] as number,
          maturity: bonds.maturity[bond] as number,
          firstCall: bonds.firstCall[bond] as number,
          callPrice: bonds.callPrice[bond] as number,
        },
        asOf,
      ),
    };
    return { ...profile, ...priceOn(profile, curve) };
  };
  const holdings: Holding[] = portfolio.positions.map((position) => ({
    ...profileOf(position.bond, market.treasuryCurve(first)),
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
  // The eligible bond behind each position, and behind each replacement once bought: a map of
  // every eligible bond would cost more to build than the whole backtest's swaps.
  const positionBonds = new Set(portfolio.positions.map((position) => position.bond));
  const candidateOf = new Map(
    portfolio.candidates
      .filter((candidate) => positionBonds.has(candidate.bond))
      .map((candidate) => [candidate.bond, candidate]),
  );
  // The bonds like each bond sold: same reported class and rating bucket, within half a year
  // of duration, best after tax first (ties in the order given). Found when first asked for and
  // kept: a position due a swap asks day after day while no like bond is free.
  const likeBonds = new Map<number, Candidate[]>();
  const likeBondsOf = (like: Candidate) => {
    let near = likeBonds.get(like.bond);
    if (!near) {
      near = portfolio.candidates
        .filter(
          (candidate) =>
            candidate.reportedClass === like.reportedClass &&
            candidate.ratingBucket === like.ratingBucket &&
            Math.abs(candidate.duration - like.duration) <= 0.5,
        )
        .sort((a, b) => b.afterTaxYield - a.afterTaxYield);
      likeBonds.set(like.bond, near);
    }
    return near;
  };
  const soldAtLoss: { bond: number; day: EpochDay }[] = [];
  const swaps: BondBacktest['swaps'] = [];
  const purchases = holdings.map((holding) => ({ bond: holding.bond, day: first }));
  /**
   * The like bond a loss swap buys (SPEC 9.4): an eligible bond of the same reported class and
   * rating bucket, within half a year of duration, not held, and not substantially identical
   * to the bond sold nor to any sold at a loss within the wash-sale window; the best after tax.
   */
  const replacementFor = (sold: number, day: EpochDay): Candidate | undefined => {
    const like = candidateOf.get(sold);
    if (!like) return undefined;
    const held = new Set(holdings.map((holding) => holding.bond));
    const recent = soldAtLoss.filter((sale) => inWashSaleWindow(sale.day, day));
    const best = likeBondsOf(like).find(
      (candidate) =>
        !held.has(candidate.bond) &&
        ![sold, ...recent.map((sale) => sale.bond)].some((other) =>
          isSubstantiallyIdentical(identity(other), identity(candidate.bond)),
        ),
    );
    return best;
  };
  let cash = portfolio.cash;
  const balances = [holdings.reduce((sum, holding) => sum + holding.value, cash)];
  const losses = new Map<string, { short: number; long: number }>();
  let traded = 0;

  for (let k = 1; k < days.length; k++) {
    const day = days[k] as EpochDay;
    const elapsed = (day - (days[k - 1] as EpochDay)) / 365;
    const curve = market.treasuryCurve(day);
    cash *= 1 + curve(0.25) * elapsed;
    holdings.forEach((holding) => {
      const income = holding.value * holding.rate * elapsed;
      const { rate, price } = priceOn(holding, curve);
      holding.value = (holding.value * price) / holding.price + income;
      holding.rate = rate;
      holding.price = price;
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
      const like = replacementFor(holding.bond, day);
      // No like bond can be bought without washing the loss: keep the position for now.
      if (like === undefined) return;
      const replacement = like.bond;
      candidateOf.set(replacement, like);
      const month = formatIsoDate(day).slice(0, 7);
      const entry = losses.get(month) ?? { short: 0, long: 0 };
      const long = isLongTerm(holding.acquired, day);
      if (long) entry.long += loss;
      else entry.short += loss;
      losses.set(month, entry);
      soldAtLoss.push({ bond: holding.bond, day });
      swaps.push({ day, sold: holding.bond, bought: replacement, long });
      purchases.push({ bond: replacement, day });
      traded += holding.value;
      // Tomorrow's move is the replacement's, from its own price today.
      Object.assign(holding, profileOf(replacement, curve));
      holding.value *= 1 - BOND_BACKTEST.swapCost;
      holding.cost = holding.value;
      holding.acquired = day;
      holding.lastSwap = day;
    });
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
