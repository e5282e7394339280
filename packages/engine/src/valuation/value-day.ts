import type { StrategyInput } from '@ballast/contract';
import type { Highs } from 'highs';
import { type EpochDay, toCivil } from '../dates.ts';
import { type DayState, openDay, priceCostOf } from './day-state.ts';
import { blockedSentences, canBuy, recordBlocked } from './do-not-trade.ts';
import { assetLines, type DayStart, dayFigures, positionsOf } from './figures.ts';
import { harvestLosses } from './harvest.ts';
import { receiveIncome } from './income.ts';
import { rebalance } from './rebalance.ts';
import { bondTargets, tokenTargets } from './targets.ts';
import { TRADES_FOR, tradeToTargets } from './trade-to-targets.ts';
import type { LedgerReason, ValuationDay, ValuedDay } from './valuation-types.ts';
import { payWithdrawal } from './withdrawal.ts';

/**
 * Where the day starts (SPEC 12.13): the last day's NAV and unrealised figure, and its accrued
 * interest, which is what the NAV held beyond the cash and the lots' value: NAV − cash −
 * unrealised − the lots' cost before fees. On the account's first day, the book's cash and its
 * lots at that cost, nothing unrealised and nothing accrued.
 */
function startOf(input: ValuationDay): DayStart {
  const { book, previous } = input;
  const priceCost = book.lots.reduce((sum, lot) => sum + priceCostOf(lot), 0);
  if (!previous) {
    return { navCents: book.cashCents + priceCost, unrealisedCents: 0, accruedCents: 0 };
  }
  return {
    navCents: previous.navCents,
    unrealisedCents: previous.unrealisedCents,
    accruedCents: previous.navCents - book.cashCents - previous.unrealisedCents - priceCost,
  };
}

/** The value of what the book holds today and its cash, in cents. */
function navNow(state: DayState): number {
  return positionsOf(state).reduce(
    (sum, position) => sum + position.valueCents + position.accruedCents,
    state.cashCents,
  );
}

/**
 * Trades the book to the strategy's portfolio for `investCents` (SPEC 12.5, 12.7): bonds by
 * the engine's construction, tokens by their target weights. A bond strategy no portfolio meets
 * leaves the cash where it is and says why.
 */
function tradeToStrategy(
  state: DayState,
  solver: Highs,
  strategy: StrategyInput,
  investCents: number,
  reason: LedgerReason,
) {
  const method = strategy.strategy.tax_options.tax_accounting_method;
  if (strategy.style !== 'B') {
    tradeToTargets(state, tokenTargets(state, strategy), { reason, method });
    return;
  }
  if (reason === 'OPENING' && !canBuy(state)) {
    recordBlocked(state, `${TRADES_FOR[reason]} purchases`, investCents);
    return;
  }
  const targets = bondTargets(state, solver, strategy, investCents);
  if ('reason' in targets) {
    state.notes.push(`${TRADES_FOR[reason]} trades were not made: ${targets.reason}`);
    return;
  }
  tradeToTargets(state, targets, { reason, method });
}

/**
 * Whether a book with cash and no lots tries to buy its portfolio today (SPEC 12.5): on its first
 * day, and after that on the first day valued in each month, since a strategy no portfolio meets
 * today will seldom meet one tomorrow and each try is a solve.
 */
function opensToday(day: EpochDay, previousDay: EpochDay | null): boolean {
  return previousDay === null || toCivil(previousDay).month !== toCivil(day).month;
}

/**
 * One portfolio's valuation of one day (SPEC 12.2): money moved in, income since the last day,
 * the opening purchase or a change of strategy, a withdrawal, rebalancing and harvesting, each
 * within do-not-trade (SPEC 12.10); then the marks, the day's figures and asset lines. Pure and
 * deterministic: the same input gives the same day.
 */
export function valueDay(input: ValuationDay, solver: Highs): ValuedDay {
  const { strategy } = input;
  const method = strategy.strategy.tax_options.tax_accounting_method;
  const start = startOf(input);
  const state = openDay(input.market, input.day, input.book, input.dnt);
  if (input.depositCents > 0) {
    state.entries.push({
      kind: 'DEPOSIT',
      reason: 'FLOW',
      instrument: null,
      quantity: 0,
      cashCents: input.depositCents,
      incomeCents: 0,
      feeCents: 0,
    });
    state.cashCents += input.depositCents;
  }
  const isStaking = strategy.style !== 'B' && strategy.strategy.tax_options.staking;
  receiveIncome(
    state,
    { previousDay: input.previousDay, cashCents: input.book.cashCents },
    isStaking,
  );
  const isOpening =
    state.lots.length === 0 &&
    state.cashCents > input.withdrawalCents &&
    opensToday(input.day, input.previousDay);
  if (isOpening) {
    tradeToStrategy(state, solver, strategy, state.cashCents - input.withdrawalCents, 'OPENING');
  } else if (input.strategyChanged) {
    tradeToStrategy(
      state,
      solver,
      strategy,
      navNow(state) - input.withdrawalCents,
      'STRATEGY_CHANGE',
    );
  }
  const withdrawalCents = payWithdrawal(state, input.withdrawalCents, method);
  if (!isOpening && !input.strategyChanged) rebalance(state, strategy, input.previousDay);
  harvestLosses(state, strategy);

  const positions = positionsOf(state);
  const figures = dayFigures(
    state,
    positions,
    start,
    { depositCents: input.depositCents, withdrawalCents },
    strategy.tax_data,
  );
  return {
    book: {
      cashCents: state.cashCents,
      lots: state.lots,
      recentLossSales: state.recentLossSales.filter(
        (sale) => sale.quantity > 0 && state.day - sale.day <= 30,
      ),
      realisedGainsCents: state.realisedGainsCents,
    },
    entries: state.entries,
    figures,
    assetLines: assetLines(state, positions, figures.navCents, strategy.tax_data),
    blocked: blockedSentences(state),
  };
}
