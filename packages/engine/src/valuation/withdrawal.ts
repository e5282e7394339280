import type { TaxAccountingMethod } from '@ballast/contract';
import { formatUsd } from './cents.ts';
import { type DayState, holdingsOf } from './day-state.ts';
import { canSell, settingInWords } from './do-not-trade.ts';
import { instrumentOf, markOf } from './instruments.ts';
import { sellQuantity, TOKEN_FEE } from './trades.ts';

/** Bonds are sold for a withdrawal in whole $1,000 of face, their usual denomination. */
const FACE_STEP = 1_000;

/**
 * Pays a withdrawal (SPEC 12.4). When the cash is short, every position is sold by the same
 * fraction, lots by the account's method: the shortfall (and a cent a position for rounding)
 * over what the positions would bring after fees, bonds rounded up to whole $1,000 of face.
 * Paid from cash as far as it goes when selling is blocked. Returns the amount paid.
 */
export function payWithdrawal(
  state: DayState,
  amountCents: number,
  method: TaxAccountingMethod,
): number {
  if (amountCents <= 0) return 0;
  const shortfall = amountCents - state.cashCents;
  if (shortfall > 0 && canSell(state)) {
    const held = holdingsOf(state.lots);
    let brings = 0;
    for (const [instrument, quantity] of held) {
      const mark = markOf(state, instrument, quantity);
      const isToken = instrumentOf(state.history, instrument).kind === 'token';
      if (mark) brings += mark.valueCents * (isToken ? 1 - TOKEN_FEE : 1) + mark.accruedCents;
    }
    const fraction = brings > 0 ? Math.min(1, (shortfall + held.size) / brings) : 0;
    for (const [instrument, quantity] of held) {
      const isBond = instrumentOf(state.history, instrument).kind === 'bond';
      const sold = isBond
        ? Math.min(quantity, Math.ceil((quantity * fraction) / FACE_STEP) * FACE_STEP)
        : quantity * fraction;
      sellQuantity(state, instrument, sold, 'WITHDRAWAL', { method });
    }
  }
  const paid = Math.max(0, Math.min(amountCents, state.cashCents));
  if (paid < amountCents) {
    const why = canSell(state)
      ? 'the positions the market prices today do not cover it'
      : `the sales it needs are blocked: ${settingInWords(state)}`;
    state.notes.push(
      `${formatUsd(amountCents - paid)} of the withdrawal of ${formatUsd(amountCents)} was not paid: ${why}.`,
    );
  }
  if (paid > 0) {
    state.entries.push({
      kind: 'WITHDRAWAL',
      reason: 'FLOW',
      instrument: null,
      quantity: 0,
      cashCents: -paid,
      incomeCents: 0,
      feeCents: 0,
    });
    state.cashCents -= paid;
  }
  return paid;
}
