import type { SimulationResult, TaxData, TimeWindow, TokenStrategy } from '@ballast/contract';
import { benchmarkOn } from '../backtest/benchmark.ts';
import { generalResult } from '../backtest/general-result.ts';
import { calendarYears } from '../backtest/performance-stats.ts';
import { riskFreeReturns } from '../backtest/risk-free.ts';
import { type EpochDay, formatIsoDate, toCivil } from '../dates.ts';
import type { EngineResult } from '../engine-result.ts';
import { LotBook, type Realised } from '../lots/lot-book.ts';
import type { MarketData, TokenMarket } from '../market/market-data.ts';
import { taxRatesOf } from '../tax/after-tax-yield.ts';
import { capitalLossSavings, lossRates } from '../tax/loss-savings.ts';
import { attributeTables } from './attribute-tables.ts';
import { METHODOLOGIES, targetWeights } from './target-weights.ts';

/** How the token backtest trades (SPEC 11). */
export const TOKEN_BACKTEST = {
  /** An exchange's fee on the value bought or sold. */
  fee: 0.001,
  /** A lot is harvested when its loss reaches this share of its cost... */
  harvestShare: 0.1,
  /** ...and at least this many dollars. */
  harvestMinimum: 100,
} as const;

const FREQUENCIES = ['WEEKLY', 'MONTHLY', 'QUARTERLY'] as const;

/**
 * Tax rules for tokens that may change (SPEC 11.5): today crypto is property and no wash-sale
 * rule applies; `washSalesFrom` is the day one would start to, for a firm that wants to see
 * what such a law would do.
 */
export type TokenTaxRules = { washSalesFrom?: EpochDay };

/**
 * A year's capital results, USD: losses harvested by character (positive), and the other
 * sales' gains net of their losses by character (negative for a net loss).
 */
type YearTotals = { short: number; long: number; realisedShort: number; realisedLong: number };

/**
 * A token strategy run over the five years of token prices to the market's date (SPEC 11):
 * bought on the first day at its target weights, rebalanced on its schedule within its tax
 * budget, harvesting losses daily when asked, staking when asked, against the token benchmark.
 */
export function simulateTokenStrategy(
  market: MarketData,
  input: { strategy: TokenStrategy; tax_data: TaxData },
  timeWindow: TimeWindow,
  rules: TokenTaxRules = {},
): EngineResult<SimulationResult> {
  const { strategy, tax_data } = input;
  const problem = unsupported(market.tokens, strategy);
  if (problem) return { ok: false, reason: problem };

  const tokens = market.tokens;
  const { days, prices } = tokens;
  const method = strategy.tax_options.tax_accounting_method;
  const books = tokens.tokens.map(() => new LotBook());
  const priceOf = (token: number, day: number) => (prices[token] as Float64Array)[day] as number;
  let cash = tax_data.initial_investment_amount;
  const budget = strategy.tax_options.total_tax_budget;
  let gainsRealised = 0;
  let purchases = 0;
  let sales = 0;
  const years = new Map<number, YearTotals>();
  const monthly = new Map<string, number>();
  const yearOf = (day: number) => toCivil(days[day] as number).year;
  const totalsOf = (day: number) => {
    const year = yearOf(day);
    const totals = years.get(year) ?? { short: 0, long: 0, realisedShort: 0, realisedLong: 0 };
    years.set(year, totals);
    return totals;
  };
  const record = (day: number, pieces: readonly Realised[], harvested: boolean) => {
    const totals = totalsOf(day);
    for (const piece of pieces) {
      const gain = piece.proceeds - piece.cost;
      if (harvested) {
        if (piece.long) totals.long -= gain;
        else totals.short -= gain;
        const month = formatIsoDate(days[day] as number).slice(0, 7);
        monthly.set(month, (monthly.get(month) ?? 0) - gain);
      } else if (piece.long) totals.realisedLong += gain;
      else totals.realisedShort += gain;
    }
  };
  const valueOn = (day: number) =>
    books.reduce((sum, book, token) => sum + book.quantity * priceOf(token, day), cash);

  // `day` indexes the closes; lots are dated by the calendar, whose years decide the holding
  // period (SPEC 4.3).
  const dateOf = (day: number) => days[day] as EpochDay;
  const rebalance = (day: number) => {
    const targets = targetWeights(tokens, strategy, day);
    const total = valueOn(day);
    // Sales first, so the cash they raise pays for the purchases.
    books.forEach((book, token) => {
      const price = priceOf(token, day);
      const excess = book.quantity - ((targets.get(token) ?? 0) * total) / price;
      if (excess <= 1e-12) return;
      // A sale's proceeds are net of its fee (SPEC 11.1), so its gain is too.
      const afterFee = price * (1 - TOKEN_BACKTEST.fee);
      const pieces = book.sell(excess, afterFee, dateOf(day), method, (gain) => {
        if (budget !== null && gainsRealised + gain > budget) return false;
        gainsRealised += gain;
        return true;
      });
      let sold = 0;
      for (const piece of pieces) {
        cash += piece.proceeds;
        sold += piece.quantity;
      }
      sales += sold * price;
      record(day, pieces, false);
    });
    const wanted = [...targets].map(([token, weight]) => {
      const price = priceOf(token, day);
      const short = weight * total - (books[token] as LotBook).quantity * price;
      return { token, price, short: Math.max(0, short) };
    });
    const needed = wanted.reduce((sum, entry) => sum + entry.short, 0);
    const scale = needed > 0 ? Math.min(1, cash / (needed * (1 + TOKEN_BACKTEST.fee))) : 0;
    for (const { token, price, short } of wanted) {
      const spend = short * scale;
      if (spend <= 0) continue;
      // A purchase's cost includes its fee (SPEC 11.1).
      (books[token] as LotBook).buy(spend / price, price * (1 + TOKEN_BACKTEST.fee), dateOf(day));
      cash -= spend * (1 + TOKEN_BACKTEST.fee);
      purchases += spend;
    }
  };

  const stakingIncome = new Map<number, number>();
  const stake = (day: number) => {
    let income = 0;
    books.forEach((book, token) => {
      const yearly = tokens.tokens[token]?.stakingYield ?? 0;
      income += receiveStakingReward(book, yearly, priceOf(token, day), dateOf(day));
    });
    const year = yearOf(day);
    stakingIncome.set(year, (stakingIncome.get(year) ?? 0) + income);
  };

  const balances: number[] = [];
  const due = rebalanceDays(days, strategy.recalculation_frequency);
  for (let day = 0; day < days.length; day++) {
    if (strategy.tax_options.staking && day > 0) stake(day);
    if (day === 0 || due.has(day)) rebalance(day);
    // Under a wash-sale rule, buying back at once would wash the loss, so nothing is harvested.
    const washSales =
      rules.washSalesFrom !== undefined && (days[day] as number) >= rules.washSalesFrom;
    if (strategy.tax_options.tax_loss_harvest && !washSales) {
      books.forEach((book, token) => {
        const price = priceOf(token, day);
        const pieces = book.harvestLosses(
          price,
          dateOf(day),
          TOKEN_BACKTEST.harvestShare,
          TOKEN_BACKTEST.harvestMinimum,
          TOKEN_BACKTEST.fee,
        );
        if (pieces.length === 0) return;
        const traded = pieces.reduce((sum, piece) => sum + piece.quantity, 0) * price;
        // Selling and buying back each pay the fee.
        cash -= 2 * traded * TOKEN_BACKTEST.fee;
        sales += traded;
        purchases += traded;
        record(day, pieces, true);
      });
    }
    balances.push(valueOn(day));
  }

  return {
    ok: true,
    value: resultOf(market, {
      balances,
      books,
      years,
      monthly,
      stakingIncome: strategy.tax_options.staking ? stakingIncome : undefined,
      tradedPerYear: Math.min(purchases, sales) / calendarYears(days),
      taxData: tax_data,
      timeWindow,
    }),
  };
}

/**
 * A day's staking reward on what a book holds (SPEC 11.6): received that day, it opens a lot
 * that day at that day's price, so its holding period starts then, and its value is that day's
 * ordinary income, which this returns.
 */
export function receiveStakingReward(
  book: LotBook,
  stakingYield: number,
  price: number,
  day: EpochDay,
): number {
  if (stakingYield <= 0 || book.quantity <= 0) return 0;
  const quantity = (book.quantity * stakingYield) / 365;
  book.buy(quantity, price, day);
  return quantity * price;
}

/** Why a strategy cannot run, in words, or nothing when it can. */
function unsupported(market: TokenMarket, strategy: TokenStrategy): string | undefined {
  if (!(METHODOLOGIES as readonly string[]).includes(strategy.calculation_methodology)) {
    return `The weighting ${strategy.calculation_methodology} is not one the engine knows.`;
  }
  if (!(FREQUENCIES as readonly string[]).includes(strategy.recalculation_frequency)) {
    return `The rebalancing ${strategy.recalculation_frequency} is not one the engine knows.`;
  }
  if (strategy.calculation_methodology === 'FIXED') {
    const known = new Set(market.tokens.map((token) => token.symbol));
    const unknown = strategy.assets.filter((asset) => !known.has(asset.instrument));
    if (unknown.length > 0) {
      return `The market has no token ${unknown.map((asset) => asset.instrument).join(', ')}.`;
    }
    if (strategy.assets.every((asset) => asset.target_pct <= 0)) {
      return 'A fixed basket needs at least one token with a weight above 0 %.';
    }
    return undefined;
  }
  if (!/^TOP_[1-9]\d*$/.test(strategy.token_universe)) {
    return `The universe ${strategy.token_universe} is not one the engine knows.`;
  }
  return undefined;
}

/** Days after the first on which the schedule rebalances: each week, month or quarter start. */
function rebalanceDays(days: Int32Array, frequency: string): Set<number> {
  const due = new Set<number>();
  for (let day = 1; day < days.length; day++) {
    const today = toCivil(days[day] as number);
    const before = toCivil(days[day - 1] as number);
    const weekly = frequency === 'WEEKLY' && day % 7 === 0;
    const monthly = frequency === 'MONTHLY' && today.month !== before.month;
    const quarterly =
      frequency === 'QUARTERLY' && today.month !== before.month && (today.month - 1) % 3 === 0;
    if (weekly || monthly || quarterly) due.add(day);
  }
  return due;
}

function resultOf(
  market: MarketData,
  run: {
    balances: number[];
    books: LotBook[];
    years: Map<number, YearTotals>;
    monthly: Map<string, number>;
    /** Staking rewards received per year, USD, when the strategy stakes. */
    stakingIncome: Map<number, number> | undefined;
    tradedPerYear: number;
    taxData: TaxData;
    timeWindow: TimeWindow;
  },
): SimulationResult {
  const { days, prices, tokens } = market.tokens;
  const last = days.length - 1;
  const initial = run.balances[0] as number;
  const rates = lossRates(taxRatesOf(run.taxData));
  const years = [...run.years.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, totals]) => ({ year, ...totals }));
  const savings = capitalLossSavings(years, toCivil(days[last] as number).year, rates);
  const held = run.books.map(
    (book, token) => book.quantity * ((prices[token] as Float64Array)[last] as number),
  );
  const invested = held.reduce((sum, value) => sum + value, 0);
  const result = generalResult({
    timeframe: run.timeWindow,
    days,
    balances: run.balances,
    benchmark: benchmarkOn(market.benchmarks.token, days, initial),
    riskFree: riskFreeReturns(market, days),
    monthlyLosses: run.monthly,
    yearly: savings,
    tradedPerYear: run.tradedPerYear,
    holdings: Object.fromEntries(
      held.flatMap((value, token) =>
        value > 0 && invested > 0
          ? [[tokens[token]?.symbol ?? '', Math.round((value / invested) * 1e6) / 1e4]]
          : [],
      ),
    ),
    attributes: attributeTables(market.tokens, held, last),
  });
  if (!run.stakingIncome) return result;
  const cents = (amount: number) => Math.round(amount * 100) / 100;
  return {
    ...result,
    staking_income: [...run.stakingIncome.entries()]
      .sort(([a], [b]) => a - b)
      .map(([year, income]) => ({
        year,
        income_usd: cents(income),
        tax_usd: cents(income * rates.ordinary),
      })),
  };
}
