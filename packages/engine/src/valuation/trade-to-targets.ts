import type { TaxAccountingMethod } from '@ballast/contract';
import { CONSTRUCTION } from '../bond-strategy/construction-rules.ts';
import { type DayState, holdingsOf } from './day-state.ts';
import { canBuy, canSell, recordBlocked } from './do-not-trade.ts';
import { instrumentOf, markOf } from './instruments.ts';
import type { Targets } from './targets.ts';
import { buyBond, buyTokenFor, sellQuantity, TOKEN_FEE } from './trades.ts';
import type { LedgerReason } from './valuation-types.ts';

/** How each reason's trades are named in a sentence of do-not-trade (SPEC 12.10). */
export const TRADES_FOR: Record<LedgerReason, string> = {
  FLOW: 'Flow',
  OPENING: 'Opening',
  STRATEGY_CHANGE: 'Strategy change',
  REBALANCE: 'Rebalancing',
  HARVEST: 'Tax-loss harvesting',
  WITHDRAWAL: 'Withdrawal',
  MATURITY: 'Maturity',
  CALL: 'Call',
  INCOME: 'Income',
};

export type Trading = {
  reason: LedgerReason;
  method: TaxAccountingMethod;
  /** Asked before a sale realises a gain (cents); a tax budget may refuse (SPEC 4.4). */
  mayRealiseGain?: (gainCents: number) => boolean;
};

/** Sells `quantity` of an instrument unless do-not-trade forbids it, which is then noted. */
export function sellUnlessBlocked(
  state: DayState,
  instrument: string,
  quantity: number,
  trading: Trading,
): void {
  if (quantity <= 0) return;
  if (!canSell(state)) {
    recordBlocked(
      state,
      `${TRADES_FOR[trading.reason]} sales`,
      markOf(state, instrument, quantity)?.valueCents ?? 0,
    );
    return;
  }
  sellQuantity(state, instrument, quantity, trading.reason, trading);
}

/** Value of the tokens held, in cents at today's closes. */
function tokenValueCents(state: DayState, held: Map<string, number>): Map<string, number> {
  const values = new Map<string, number>();
  for (const [instrument, quantity] of held) {
    if (instrumentOf(state.history, instrument).kind !== 'token') continue;
    values.set(instrument, markOf(state, instrument, quantity)?.valueCents ?? 0);
  }
  return values;
}

/**
 * Trades the book to a strategy's holdings (SPEC 12.5-12.7): first sells what the targets do
 * not hold and any excess (bonds over their target face; tokens over their weight of the
 * tokens' value and the cash), then buys each bond's shortfall in round lots while the cash
 * lasts, then each token's shortfall, all scaled down alike when the cash and fees do not
 * reach (SPEC 11.4).
 */
export function tradeToTargets(state: DayState, targets: Targets, trading: Trading): void {
  for (const [instrument, quantity] of holdingsOf(state.lots)) {
    const kind = instrumentOf(state.history, instrument).kind;
    if (kind === 'bond') {
      sellUnlessBlocked(
        state,
        instrument,
        quantity - (targets.bonds.get(instrument) ?? 0),
        trading,
      );
    } else if (!targets.tokens.has(instrument)) {
      sellUnlessBlocked(state, instrument, quantity, trading);
    }
  }
  const tokenTotal = () =>
    [...tokenValueCents(state, holdingsOf(state.lots)).values()].reduce(
      (sum, value) => sum + value,
      state.cashCents,
    );
  const total = tokenTotal();
  for (const [symbol, weight] of targets.tokens) {
    const close = state.today.tokenPrice(instrumentOf(state.history, symbol).index);
    const held = holdingsOf(state.lots).get(symbol) ?? 0;
    if (close > 0)
      sellUnlessBlocked(state, symbol, held - (weight * total) / (close * 100), trading);
  }
  buyBonds(state, targets.bonds, trading.reason);
  buyTokens(state, targets.tokens, tokenTotal(), trading.reason);
}

function buyBonds(state: DayState, targets: Map<string, number>, reason: LedgerReason) {
  const held = holdingsOf(state.lots);
  for (const [cusip, face] of targets) {
    const wanted = face - (held.get(cusip) ?? 0);
    if (wanted <= 0) continue;
    const lot = markOf(state, cusip, CONSTRUCTION.lotPar);
    if (!lot) continue;
    const lotCents = lot.valueCents + lot.accruedCents;
    if (!canBuy(state)) {
      recordBlocked(
        state,
        `${TRADES_FOR[reason]} purchases`,
        (wanted / CONSTRUCTION.lotPar) * lotCents,
      );
      continue;
    }
    const lots = Math.min(wanted / CONSTRUCTION.lotPar, Math.floor(state.cashCents / lotCents));
    buyBond(state, cusip, Math.floor(lots) * CONSTRUCTION.lotPar, reason);
  }
}

/**
 * Buys each token's shortfall from its weight of `totalCents`; when the cash does not pay for
 * every shortfall and its fee, each is scaled down alike (SPEC 11.4). Budgets are whole cents
 * that add up to no more than the cash.
 */
function buyTokens(
  state: DayState,
  weights: Map<string, number>,
  totalCents: number,
  reason: LedgerReason,
) {
  const values = tokenValueCents(state, holdingsOf(state.lots));
  const shortfalls = [...weights].map(([symbol, weight]) => ({
    symbol,
    cents: Math.max(0, Math.round(weight * totalCents) - (values.get(symbol) ?? 0)),
  }));
  const needed = shortfalls.reduce((sum, entry) => sum + entry.cents, 0);
  if (needed <= 0) return;
  if (!canBuy(state)) {
    recordBlocked(state, `${TRADES_FOR[reason]} purchases`, needed);
    return;
  }
  const scale = Math.min(1 + TOKEN_FEE, state.cashCents / needed);
  for (const { symbol, cents } of shortfalls) {
    buyTokenFor(state, symbol, Math.floor(cents * scale + 1e-9), reason);
  }
}
