import { type EpochDay, toCivil } from '../dates.ts';
import { centsOfFace, splitCents } from './cents.ts';
import { type DayState, holdingsOf } from './day-state.ts';
import { instrumentOf } from './instruments.ts';
import { dropEmptied, relieve } from './trades.ts';
import type { BondCashEvent } from './valuation-types.ts';

/**
 * A bond's coupon or redemption (SPEC 12.3): a coupon pays its amount per 100 on the face held,
 * rounded to the cent once, half away from zero; a maturity or call pays the redemption price on the face held, shared out over
 * the lots by face, and relieves every lot.
 */
function receiveBondEvent(state: DayState, cusip: string, face: number, event: BondCashEvent) {
  const cents = centsOfFace(face, event.perHundred);
  if (event.kind === 'COUPON') {
    state.entries.push({
      kind: 'COUPON',
      reason: 'INCOME',
      instrument: cusip,
      quantity: face,
      cashCents: cents,
      incomeCents: cents,
      feeCents: 0,
    });
    state.cashCents += cents;
    return;
  }
  const reason = event.kind === 'CALL' ? 'CALL' : 'MATURITY';
  const lots = state.lots.filter((lot) => lot.instrument === cusip && lot.quantity > 0);
  const shares = splitCents(
    cents,
    lots.map((lot) => lot.quantity),
  );
  lots.forEach((lot, i) => {
    relieve(
      state,
      {
        lot,
        quantity: lot.quantity,
        grossCents: shares[i] as number,
        accruedCents: 0,
        feeCents: 0,
      },
      'REDEMPTION',
      reason,
    );
  });
  dropEmptied(state);
}

/**
 * Income since the last day valued (SPEC 12.3): each bond's coupons, maturities and calls on
 * days after it up to today; each staked token's reward for the days since (SPEC 11.6); and
 * interest on the last day's cash at the last day's bill yield, act/365, to the cent.
 */
export function receiveIncome(
  state: DayState,
  since: { previousDay: EpochDay | null; cashCents: number },
  isStaking: boolean,
) {
  const { previousDay } = since;
  if (previousDay === null) return;
  const elapsed = state.day - previousDay;
  const interest = Math.round(
    (Math.max(since.cashCents, 0) * state.history.on(previousDay).billYield * elapsed) / 365,
  );
  const held = holdingsOf(state.lots);
  for (const [instrument, quantity] of held) {
    const kind = instrumentOf(state.history, instrument);
    if (kind.kind === 'bond') {
      // A redemption's own day's coupon is paid first, whichever order the market lists them in.
      const events = [...state.history.cashEvents(kind.index, previousDay, state.day)].sort(
        (a, b) => a.day - b.day || Number(a.kind !== 'COUPON') - Number(b.kind !== 'COUPON'),
      );
      for (const event of events) {
        receiveBondEvent(state, instrument, quantity, event);
        if (event.kind !== 'COUPON') break;
      }
    } else if (isStaking) {
      receiveStakingReward(state, instrument, kind.index, quantity, elapsed);
    }
  }
  if (interest !== 0) {
    state.entries.push({
      kind: 'CASH_INTEREST',
      reason: 'INCOME',
      instrument: null,
      quantity: 0,
      cashCents: interest,
      incomeCents: interest,
      feeCents: 0,
    });
    state.cashCents += interest;
  }
}

/**
 * A token's staking reward for the days since the last valuation (SPEC 11.6): the staking
 * yield over 365 per day on the units held, received today at today's close, whose value is
 * both the day's income and the basis it adds. A month's rewards of a token make one lot
 * (SPEC 12.3), its holding period starting at the latest of them.
 */
function receiveStakingReward(
  state: DayState,
  symbol: string,
  index: number,
  units: number,
  elapsed: number,
) {
  const stakingYield = state.history.market.tokens.tokens[index]?.stakingYield ?? 0;
  const close = state.today.tokenPrice(index);
  if (stakingYield <= 0 || !(close > 0)) return;
  const reward = (units * stakingYield * elapsed) / 365;
  const cents = Math.round(reward * close * 100);
  if (cents <= 0) return;
  const month = monthOf(state.day);
  const open = state.lots.findIndex(
    (lot) => lot.staked && lot.instrument === symbol && monthOf(lot.acquired) === month,
  );
  const earlier = state.lots[open];
  if (earlier) {
    state.lots[open] = {
      ...earlier,
      quantity: earlier.quantity + reward,
      costCents: earlier.costCents + cents,
      acquired: state.day,
      bought: state.day,
    };
  } else {
    state.lots.push({
      instrument: symbol,
      quantity: reward,
      costCents: cents,
      feeCents: 0,
      washAdjustmentCents: 0,
      acquired: state.day,
      bought: state.day,
      staked: true,
    });
  }
  state.entries.push({
    kind: 'STAKING_REWARD',
    reason: 'INCOME',
    instrument: symbol,
    quantity: reward,
    cashCents: 0,
    incomeCents: cents,
    feeCents: 0,
  });
}

function monthOf(day: EpochDay): number {
  const { year, month } = toCivil(day);
  return year * 12 + month;
}
