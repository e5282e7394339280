import {
  type BondStrategyInput,
  CREDIT_UNIVERSE,
  type StrategyInput,
  type TokenStrategyInput,
} from '@ballast/contract';
import { CONSTRUCTION } from '../bond-strategy/construction-rules.ts';
import { classLimit } from '../bond-strategy/eligible-bonds.ts';
import { type EpochDay, toCivil } from '../dates.ts';
import { BOND_CLASSES, type BondClass } from '../market/market-data.ts';
import { type DayState, holdingsOf } from './day-state.ts';
import { canBuy, recordBlocked } from './do-not-trade.ts';
import { positionsOf } from './figures.ts';
import { markOf } from './instruments.ts';
import { tokenTargets } from './targets.ts';
import { TRADES_FOR, tradeToTargets } from './trade-to-targets.ts';
import { buyBond } from './trades.ts';

/** Cash over this share of NAV is invested in a bond book's bonds (SPEC 12.8). */
export const BOND_CASH_THRESHOLD = 0.02;

/** Epoch day 4 (1970-01-05) was a Monday: weeks counted from it start on Mondays. */
const weekOf = (day: EpochDay) => Math.floor((day - 4) / 7);

/**
 * Whether a token strategy's schedule falls between the last day valued and today (SPEC 12.8):
 * WEEKLY on the first day valued in a new week (weeks start on Monday), MONTHLY in a new month,
 * QUARTERLY in a new quarter.
 */
export function isRebalanceDue(frequency: string, previousDay: EpochDay, day: EpochDay): boolean {
  const before = toCivil(previousDay);
  const today = toCivil(day);
  const months = today.year * 12 + today.month - (before.year * 12 + before.month);
  switch (frequency) {
    case 'WEEKLY':
      return weekOf(day) !== weekOf(previousDay);
    case 'MONTHLY':
      return months !== 0;
    case 'QUARTERLY':
      return (
        today.year * 4 + Math.floor((today.month - 1) / 3) !==
        before.year * 4 + Math.floor((before.month - 1) / 3)
      );
    default:
      return false;
  }
}

/**
 * A token rebalancing (SPEC 11.4, 12.8): to the strategy's weights, sales stopped before a lot
 * whose gain would take the gains rebalancing has realised since the account opened past the
 * tax budget (SPEC 4.4).
 */
function rebalanceTokens(state: DayState, input: TokenStrategyInput) {
  const options = input.strategy.tax_options;
  const budget = options.total_tax_budget === null ? null : options.total_tax_budget * 100;
  tradeToTargets(state, tokenTargets(state, input), {
    reason: 'REBALANCE',
    method: options.tax_accounting_method,
    mayRealiseGain: (gain) => {
      if (budget !== null && state.realisedGainsCents + gain > budget) return false;
      state.realisedGainsCents += gain;
      return true;
    },
  });
}

/**
 * Whether a bond held may still be bought under the strategy (SPEC 7.2, 12.8): priced today, of
 * an allowed class, rated at or above the floor, of no excluded sector or issuer, and a year or
 * more from maturity.
 */
function isStillEligible(state: DayState, input: BondStrategyInput, index: number): boolean {
  const { bonds } = state.history.market;
  const { strategy } = input;
  const bondClass = BOND_CLASSES[bonds.bondClass[index] as number] as BondClass;
  const excluded =
    bondClass === 'municipal'
      ? [
          strategy.constraints.excluded_municipal_sectors,
          strategy.constraints.excluded_municipal_issuers,
        ]
      : bondClass === 'corporate'
        ? [
            strategy.constraints.excluded_corporate_sectors,
            strategy.constraints.excluded_corporate_issuers,
          ]
        : [[], []];
  return (
    state.today.bond(index) !== undefined &&
    classLimit(strategy.assets, bondClass) > 0 &&
    (bonds.rating[index] as number) <=
      CREDIT_UNIVERSE.indexOf(strategy.factors.credit.credit_universe) &&
    !(excluded[0] as string[]).includes(bonds.sector[index] as string) &&
    !(excluded[1] as string[]).includes(bonds.issuer[index] as string) &&
    (bonds.maturity[index] as number) - state.day >= 365
  );
}

/**
 * A bond book's cash over 2 % of NAV is invested (SPEC 12.8): one round lot at a time, each to
 * the still-eligible bond held with the least value (ties to the CUSIP first in order), while a
 * lot's full price fits in the cash.
 */
function investBondCash(state: DayState, input: BondStrategyInput) {
  const positions = positionsOf(state);
  const nav = positions.reduce(
    (sum, position) => sum + position.valueCents + position.accruedCents,
    state.cashCents,
  );
  if (state.cashCents <= BOND_CASH_THRESHOLD * nav) return;
  const eligible = positions
    .filter(
      (position) =>
        position.held.kind === 'bond' && isStillEligible(state, input, position.held.index),
    )
    .map((position) => ({
      cusip: position.instrument,
      value: position.valueCents + position.accruedCents,
      lot: markOf(state, position.instrument, CONSTRUCTION.lotPar),
    }));
  const bought = new Map<string, number>();
  let blockedCents = 0;
  let cash = state.cashCents;
  for (;;) {
    const next = eligible
      .filter((entry) => entry.lot && entry.lot.valueCents + entry.lot.accruedCents <= cash)
      .sort((a, b) => a.value - b.value || (a.cusip < b.cusip ? -1 : 1))[0];
    if (!next?.lot) break;
    const lotCents = next.lot.valueCents + next.lot.accruedCents;
    cash -= lotCents;
    next.value += lotCents;
    bought.set(next.cusip, (bought.get(next.cusip) ?? 0) + CONSTRUCTION.lotPar);
    blockedCents += lotCents;
  }
  if (!canBuy(state)) {
    recordBlocked(state, `${TRADES_FOR.REBALANCE} purchases`, blockedCents);
    return;
  }
  for (const [cusip, face] of bought) buyBond(state, cusip, face, 'REBALANCE');
}

/** The day's rebalancing (SPEC 12.8): tokens on their schedule, bonds when cash builds up. */
export function rebalance(state: DayState, input: StrategyInput, previousDay: EpochDay | null) {
  if (input.style === 'B') {
    if (holdingsOf(state.lots).size > 0) investBondCash(state, input);
    return;
  }
  if (previousDay === null) return;
  if (isRebalanceDue(input.strategy.recalculation_frequency, previousDay, state.day)) {
    rebalanceTokens(state, input);
  }
}
