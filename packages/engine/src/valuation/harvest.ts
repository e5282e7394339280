import type { BondStrategyInput, StrategyInput } from '@ballast/contract';
import { BOND_BACKTEST } from '../bond-strategy/bond-backtest.ts';
import { CONSTRUCTION } from '../bond-strategy/construction-rules.ts';
import {
  type Candidate,
  eligibleBonds,
  type ReportedClass,
  ratingBucketOf,
} from '../bond-strategy/eligible-bonds.ts';
import { type EpochDay, fromCivil, toCivil } from '../dates.ts';
import { BOND_CLASSES } from '../market/market-data.ts';
import { taxRatesOf } from '../tax/after-tax-yield.ts';
import { inWashSaleWindow, isSubstantiallyIdentical } from '../tax/wash-sale.ts';
import { TOKEN_BACKTEST } from '../token-strategy/token-backtest.ts';
import { type DayState, holdingsOf } from './day-state.ts';
import { canBuy, canSell, recordBlocked } from './do-not-trade.ts';
import { type Position, positionsOf } from './figures.ts';
import { bondIdentityOf, instrumentOf, markOf } from './instruments.ts';
import { TRADES_FOR } from './trade-to-targets.ts';
import { buyBond, buyTokenFor, dropEmptied, relieve, sellQuantity, TOKEN_FEE } from './trades.ts';

/** Whether do-not-trade lets a harvest sell and buy back; noted when it does not. */
function mayHarvest(state: DayState, valueCents: number): boolean {
  if (canSell(state) && canBuy(state)) return true;
  recordBlocked(state, `${TRADES_FOR.HARVEST} trades`, valueCents);
  return false;
}

/**
 * Token harvesting (SPEC 11.5, 12.9): each lot bought before today whose loss (its basis less
 * what selling it brings after the fee) has reached 10 % of its basis and $100 is sold and the
 * same units bought back at once, each paying the fee (fewer when the cash cannot pay both
 * fees). Crypto is property: no wash sale.
 */
function harvestTokens(state: DayState) {
  for (const lot of [...state.lots]) {
    if (lot.bought === state.day) continue;
    const held = instrumentOf(state.history, lot.instrument);
    if (held.kind !== 'token') continue;
    const gross = markOf(state, lot.instrument, lot.quantity)?.valueCents;
    if (gross === undefined) continue;
    const fee = Math.round(gross * TOKEN_FEE);
    const loss = lot.costCents - (gross - fee);
    const threshold = Math.max(
      TOKEN_BACKTEST.harvestShare * lot.costCents,
      TOKEN_BACKTEST.harvestMinimum * 100,
    );
    if (loss < threshold || !mayHarvest(state, gross)) continue;
    relieve(
      state,
      { lot, quantity: lot.quantity, grossCents: gross, accruedCents: 0, feeCents: fee },
      'SELL',
      'HARVEST',
    );
    // The same units with their fee, or as many as the cash pays: a book holds no debt.
    buyTokenFor(state, lot.instrument, gross + fee, 'HARVEST');
  }
  dropEmptied(state);
}

/** The class a bond is reported in for a client (SPEC 8.3). */
function reportedClassOf(state: DayState, index: number, residency: string): ReportedClass {
  const { bonds } = state.history.market;
  const bondClass = BOND_CLASSES[bonds.bondClass[index] as number];
  if (bondClass === 'corporate') return 'corporates';
  if (bondClass === 'treasury') return 'treasuries';
  return bonds.state[index] === residency ? 'munis_in_state' : 'munis_national';
}

/**
 * The like bond a loss swap buys (SPEC 9.4): eligible today, of the same reported class and
 * rating bucket, within half a year of duration, not held, and not substantially identical to
 * the bond sold nor to a bond sold at a loss in the last 30 days; the best after tax.
 */
function replacementFor(
  state: DayState,
  eligible: () => readonly Replacement[],
  position: Position,
  residency: string,
): string | undefined {
  const sold = position.held.index;
  const { rating } = state.history.market.bonds;
  const reportedClass = reportedClassOf(state, sold, residency);
  const bucket = ratingBucketOf(rating[sold] as number);
  const duration = position.bondMark?.duration ?? 0;
  const held = holdingsOf(state.lots);
  const avoid = [
    sold,
    ...state.recentLossSales
      .filter((sale) => inWashSaleWindow(sale.day, state.day))
      .flatMap((sale) => {
        const index = state.history.bondIndex(sale.instrument);
        return index === undefined ? [] : [index];
      }),
  ].map((index) => bondIdentityOf(state.history, index));
  let best: Replacement | undefined;
  for (const candidate of eligible()) {
    if (candidate.reportedClass !== reportedClass || candidate.ratingBucket !== bucket) continue;
    if (Math.abs(candidate.duration - duration) > 0.5 || held.has(candidate.cusip)) continue;
    const identity = bondIdentityOf(state.history, candidate.index);
    if (avoid.some((other) => isSubstantiallyIdentical(other, identity))) continue;
    if (!best || candidate.afterTaxYield > best.afterTaxYield) best = candidate;
  }
  return best?.cusip;
}

/**
 * The day the replacements of a month's harvests are ranked on (SPEC 12.9): the month's first
 * day, or the market's first when it starts later. Ranking reads every bond's yield on a day,
 * which takes as long as pricing the whole market; once a month serves every portfolio.
 */
function rankingDay(state: DayState): EpochDay {
  const { year, month } = toCivil(state.day);
  return Math.max(fromCivil({ year, month, day: 1 }), state.history.firstDay);
}

type Replacement = Candidate & { cusip: string; index: number };

/**
 * The bonds a strategy may buy as like bonds this month, ranked on the month's first day, kept
 * by market, day, strategy and tax rates (SPEC 12.9): they are a function of those alone, and
 * every account of a firm's model that harvests in the month reads the same list.
 */
const rankings = new Map<string, readonly Replacement[]>();
const RANKINGS_KEPT = 64;

function replacementsOf(state: DayState, input: BondStrategyInput): readonly Replacement[] {
  const day = rankingDay(state);
  const rates = taxRatesOf(input.tax_data);
  const key = `${state.history.version}|${day}|${JSON.stringify(input.strategy)}|${JSON.stringify(rates)}`;
  const known = rankings.get(key);
  if (known) return known;
  const market = state.history.asOf(day);
  const ranked = eligibleBonds(market.bonds, input.strategy, rates, market.asOf).flatMap(
    (candidate) => {
      const cusip = market.bonds.cusip[candidate.bond] as string;
      const index = state.history.bondIndex(cusip);
      return index === undefined ? [] : [{ ...candidate, cusip, index }];
    },
  );
  if (rankings.size >= RANKINGS_KEPT) rankings.delete(rankings.keys().next().value as string);
  rankings.set(key, ranked);
  return ranked;
}

/**
 * Bond harvesting (SPEC 9.3-9.4, 12.9): a position whose clean value is below its basis by 2 %
 * and $1,000, none of whose lots was bought in the last 31 days, and with no substantially
 * identical bond bought in the last 30 days, is sold (paying the swap cost of 0.1 % of the value
 * sold) and the proceeds buy round lots of the like bond. So no swap washes a loss.
 */
function harvestBonds(state: DayState, input: BondStrategyInput) {
  const residency = input.tax_data.tax_residency;
  let eligible: readonly Replacement[] | undefined;
  const eligibleToday = () => {
    eligible ??= replacementsOf(state, input);
    return eligible;
  };
  for (const position of positionsOf(state)) {
    if (position.held.kind !== 'bond' || !position.bondMark) continue;
    const loss = position.basisCents - position.valueCents;
    const threshold = Math.max(
      BOND_BACKTEST.harvestShare * position.basisCents,
      BOND_BACKTEST.harvestMinimum * 100,
    );
    if (loss < threshold) continue;
    const identity = bondIdentityOf(state.history, position.held.index);
    const isRecent = state.lots.some((lot) => {
      if (lot.instrument === position.instrument) {
        return state.day - lot.bought < BOND_BACKTEST.reharvestDays;
      }
      const other = state.history.bondIndex(lot.instrument);
      return (
        other !== undefined &&
        inWashSaleWindow(lot.bought, state.day) &&
        isSubstantiallyIdentical(identity, bondIdentityOf(state.history, other))
      );
    });
    if (isRecent) continue;
    const replacement = replacementFor(state, eligibleToday, position, residency);
    // A like bond ranked on the month's first day may have been redeemed since: today's mark says.
    const lot = replacement ? markOf(state, replacement, CONSTRUCTION.lotPar) : undefined;
    if (!replacement || !lot || !mayHarvest(state, position.valueCents)) continue;
    const cashBefore = state.cashCents;
    sellQuantity(state, position.instrument, position.quantity, 'HARVEST', {
      method: input.strategy.tax_options.tax_accounting_method,
      feeRate: BOND_BACKTEST.swapCost,
    });
    const lots = Math.floor((state.cashCents - cashBefore) / (lot.valueCents + lot.accruedCents));
    buyBond(state, replacement, lots * CONSTRUCTION.lotPar, 'HARVEST');
  }
}

/** The day's tax-loss harvesting, when the strategy's tax options turn it on (SPEC 12.9). */
export function harvestLosses(state: DayState, input: StrategyInput) {
  if (!input.strategy.tax_options.tax_loss_harvest) return;
  if (input.style === 'B') harvestBonds(state, input);
  else harvestTokens(state);
}
