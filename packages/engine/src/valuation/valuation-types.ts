/**
 * The shapes the daily valuation works in (SPEC 12): a market that reaches every day up to today,
 * a portfolio's book of lots and cash, one day's input and what the day made of it. Money is in
 * whole cents (integers), so a day's figures add up exactly; quantities are face value for
 * bonds and units for tokens.
 */
import type { AssetLine, StrategyInput } from '@ballast/contract';
import type { EpochDay } from '../dates.ts';
import type { MarketData } from '../market/market-data.ts';

/** What the valuation reads about one bond on one day. */
export type BondMark = {
  /** Clean price per 100 of face. */
  price: number;
  /** Interest accrued per 100 of face since the last coupon day. */
  accrued: number;
  /** Yield to worst, decimal. */
  ytw: number;
  /** Modified duration along the worst redemption, years. */
  duration: number;
};

/** A number as an exact fraction of two whole numbers, in lowest terms. */
export type Fraction = { numerator: number; denominator: number };

/** A coupon or a redemption of one bond, per 100 of face. */
export type BondCashEvent = {
  kind: 'COUPON' | 'MATURITY' | 'CALL';
  day: EpochDay;
  /**
   * The coupon paid, or the redemption price, per 100 of face: exact, so that an amount is
   * rounded to the cent once (SPEC 12.3). It is also the cents paid per dollar of face.
   */
  perHundred: Fraction;
};

/** The market on one day. */
export type MarketDay = {
  day: EpochDay;
  /** Marks of bond `index` (into `market.bonds`); undefined before it is issued or once redeemed. */
  bond(index: number): BondMark | undefined;
  /** Close of token `index` (into `market.tokens.tokens`) in USD. */
  tokenPrice(index: number): number;
  /** Total-return index levels of the two benchmarks. */
  benchmark(kind: 'bond' | 'token'): number;
  /** The three-month treasury yield, decimal: what cash earns. */
  billYield: number;
};

/**
 * A market with every day from `firstDay` to `lastDay`: the bundled market extended to today,
 * or a firm's files as their days arrive (SPEC 3.10).
 */
export type MarketHistory = {
  version: string;
  /** Static terms of every bond and token; its price columns are as of `market.asOf`. */
  market: MarketData;
  firstDay: EpochDay;
  lastDay: EpochDay;
  /** The bond with this CUSIP, as an index into `market.bonds`. */
  bondIndex(cusip: string): number | undefined;
  /** The token with this symbol, as an index into `market.tokens.tokens`. */
  tokenIndex(symbol: string): number | undefined;
  on(day: EpochDay): MarketDay;
  /**
   * The market as it stood on `day`, to build a portfolio in: the bonds issued and not yet
   * redeemed, priced that day; the curve, tokens and benchmarks up to that day.
   */
  asOf(day: EpochDay): MarketData;
  /** Coupons and redemptions of bond `index` on days in (from, to], in order. */
  cashEvents(index: number, from: EpochDay, to: EpochDay): BondCashEvent[];
};

/** A quantity of one instrument bought on one day (SPEC 4.1), its money in cents. */
export type BookLot = {
  /** CUSIP of a bond, symbol of a token. */
  instrument: string;
  quantity: number;
  /** Tax basis: what was paid, the purchase fee and any wash-sale adjustment. */
  costCents: number;
  /** The purchase fee within costCents. */
  feeCents: number;
  /** A loss disallowed by a wash sale and added to this lot's basis, within costCents. */
  washAdjustmentCents: number;
  /** Start of the holding period, which a wash sale may move back. */
  acquired: EpochDay;
  /** The day it was actually bought. */
  bought: EpochDay;
  /** A lot of staking rewards, which the month's later rewards join (SPEC 12.3). */
  staked?: boolean;
};

/**
 * A bond sold at a loss, remembered 31 days for wash sales and for the bonds a loss swap may
 * not buy (SPEC 9.4, 12.9).
 * `lossCents` and `quantity` are what a later purchase may still wash: a purchase that washes
 * part of the loss takes its share of both.
 */
export type RecentLossSale = {
  instrument: string;
  day: EpochDay;
  lossCents: number;
  quantity: number;
  /** Start of the sold lot's holding period, which a replacement bought later takes on. */
  acquired: EpochDay;
};

/** What a portfolio holds after a day's valuation. */
export type Book = {
  cashCents: number;
  lots: BookLot[];
  recentLossSales: RecentLossSale[];
  /**
   * Gains realised by rebalancing sales since the account opened, counted against the
   * strategy's tax budget (SPEC 4.4, 12.8); absent is none.
   */
  realisedGainsCents?: number;
};

export const LEDGER_KINDS = [
  'DEPOSIT',
  'WITHDRAWAL',
  'BUY',
  'SELL',
  'COUPON',
  'REDEMPTION',
  'STAKING_REWARD',
  'CASH_INTEREST',
  'FEE',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_REASONS = [
  'FLOW',
  'OPENING',
  'STRATEGY_CHANGE',
  'REBALANCE',
  'HARVEST',
  'WITHDRAWAL',
  'MATURITY',
  'CALL',
  'INCOME',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** What one sale or redemption realised from one lot, for the tax report's lot detail. */
export type RealisedLot = {
  acquired: EpochDay;
  costCents: number;
  proceedsCents: number;
  /** proceeds − cost + washSaleDisallowedCents: a disallowed loss is not a loss this year. */
  gainCents: number;
  term: 'SHORT' | 'LONG';
  washSaleDisallowedCents: number;
};

/** One row of the append-only ledger. */
export type LedgerEntry = {
  kind: LedgerKind;
  reason: LedgerReason;
  instrument: string | null;
  quantity: number;
  /** Signed effect on cash. */
  cashCents: number;
  /** Income this entry carries: a coupon, a staking reward's value, cash interest; accrued
   * interest paid on a purchase is negative income, received on a sale positive. */
  incomeCents: number;
  feeCents: number;
  /** A sale or redemption relieves lots: one entry per lot relieved. */
  realised?: RealisedLot;
  /**
   * On a purchase: the losses of earlier sales of substantially identical bonds that this
   * purchase washes (SPEC 12.9), added to the new lot's basis. The sales' own entries are not
   * rewritten: the ledger only grows.
   */
  washedLoss?: { instrument: string; soldDay: EpochDay; disallowedCents: number }[];
};

export type DoNotTrade = 'DNB' | 'DNBS' | 'BS' | null;

export type ValuationDay = {
  market: MarketHistory;
  day: EpochDay;
  /** The last day valued, or null for the account's first. */
  previousDay: EpochDay | null;
  book: Book;
  /** The last day's NAV and unrealised figure, which today's return and identity start from. */
  previous: Pick<DayFigures, 'navCents' | 'unrealisedCents'> | null;
  strategy: StrategyInput;
  /** The account's strategy changed since the last day: trade to its portfolio today. */
  strategyChanged: boolean;
  dnt: DoNotTrade;
  /** Money operations moved in or out today (completed EXECUTE-DEPOSIT / EXECUTE-WITHDRAWAL). */
  depositCents: number;
  withdrawalCents: number;
};

/**
 * One day's figures. With `previous` the last day's: navCents − previous.navCents =
 * depositCents − withdrawalCents + incomeCents + realisedPriceChangeCents
 * + (unrealisedCents − previous.unrealisedCents) − feesCents, to the cent.
 */
export type DayFigures = {
  navCents: number;
  cashCents: number;
  /** Interest accrued on the bonds held, part of navCents. */
  accruedCents: number;
  /** Value of the lots held less their cost before fees and wash-sale adjustments. */
  unrealisedCents: number;
  depositCents: number;
  withdrawalCents: number;
  incomeCents: number;
  feesCents: number;
  /** Proceeds less cost before fees of what was sold or redeemed today. */
  realisedPriceChangeCents: number;
  /** Tax figures of today's sales: gains and losses (as a positive number), by lot. */
  realisedGainCents: number;
  realisedLossCents: number;
  /** Losses realised by today's tax-loss harvesting sales, as a positive number (SPEC 12.12). */
  harvestedLossCents: number;
  /** Time-weighted return of the day, decimal (SPEC 12). */
  dailyReturn: number;
  ytw: number | null;
  duration: number | null;
  tey: number | null;
  averageRating: string | null;
  percentPortfolioAnalyzed: number;
  numberOfHoldings: number;
};

export type ValuedDay = {
  book: Book;
  entries: LedgerEntry[];
  figures: DayFigures;
  /** One line per instrument held, and cash, as product §3 asset lines. */
  assetLines: AssetLine[];
  /** What do-not-trade stopped today, in words for the advisor; empty when nothing was. */
  blocked: string[];
};
