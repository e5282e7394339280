import { formatUsd } from './cents.ts';
import type { DayState } from './day-state.ts';
import type { DoNotTrade } from './valuation-types.ts';

/** What each do-not-trade setting forbids (SPEC 12.10). */
const FORBIDS: Record<Exclude<DoNotTrade, null>, { buy: boolean; sell: boolean; words: string }> = {
  DNB: { buy: true, sell: false, words: 'do not buy' },
  DNBS: { buy: true, sell: true, words: 'do not buy or sell' },
  BS: { buy: false, sell: true, words: 'do not sell' },
};

export const canBuy = (state: DayState): boolean => !(state.dnt && FORBIDS[state.dnt].buy);
export const canSell = (state: DayState): boolean => !(state.dnt && FORBIDS[state.dnt].sell);

/** Notes a trade do-not-trade stopped, by what it was for, to say once at the end of the day. */
export function recordBlocked(state: DayState, what: string, cents: number): void {
  if (cents <= 0) return;
  state.blockedTrades.set(what, (state.blockedTrades.get(what) ?? 0) + Math.round(cents));
}

/** "the account is set to do not buy (DNB)" */
export function settingInWords(state: DayState): string {
  return state.dnt ? `the account is set to ${FORBIDS[state.dnt].words} (${state.dnt})` : '';
}

/**
 * The day's blocked trades in words (SPEC 12.10), e.g. "Rebalancing purchases of $12,400.00
 * were not made: the account is set to do not buy (DNB).", then the day's other notes.
 */
export function blockedSentences(state: DayState): string[] {
  const trades = [...state.blockedTrades].map(
    ([what, cents]) => `${what} of ${formatUsd(cents)} were not made: ${settingInWords(state)}.`,
  );
  return [...trades, ...state.notes];
}
