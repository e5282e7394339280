/**
 * How an action reads in the list and what the advisor may do with it (product §4,
 * docs/architecture.md "Action states"). The -DISMISSIBLE variants are shown as their base state,
 * since advisors are shown only the base states, but they keep the Dismiss button that only they
 * allow.
 */
import type { Action, ActionState } from '@ballast/contract';

const DISMISSIBLE_SUFFIX = '-DISMISSIBLE';

/** The state an advisor is shown: a -DISMISSIBLE variant reads as its base state. */
export function displayState(state: ActionState): ActionState {
  return state.endsWith(DISMISSIBLE_SUFFIX)
    ? (state.slice(0, -DISMISSIBLE_SUFFIX.length) as ActionState)
    : state;
}

/** DELETE cancels only while the request is SUBMITTED-CANCELLABLE. */
export function canCancel(state: ActionState): boolean {
  return state === 'SUBMITTED-CANCELLABLE';
}

/** DELETE dismisses a request operations marked dismissible. */
export function canDismiss(state: ActionState): boolean {
  return state.endsWith(DISMISSIBLE_SUFFIX);
}

/** Only in-channel requests are answered in the app (submit-response). */
export function canRespond(state: ActionState): boolean {
  return displayState(state) === 'NEEDS-ACTION-IN-CHANNEL';
}

export function needsAdvisor(state: ActionState): boolean {
  return displayState(state).startsWith('NEEDS-ACTION');
}

export type StateTone = 'attention' | 'progress' | 'done' | 'failed' | 'closed';

/** Which colour family a state's badge takes. */
export function stateTone(state: ActionState): StateTone {
  const shown = displayState(state);
  if (shown.startsWith('NEEDS-ACTION')) return 'attention';
  if (shown === 'COMPLETED') return 'done';
  if (shown === 'FAILED') return 'failed';
  if (shown === 'CANCELLED' || shown === 'DISMISSED') return 'closed';
  return 'progress';
}

/** Newest first, so what changed last is read first. */
export function sortNewestFirst(actions: readonly Action[]): Action[] {
  return [...actions].sort((a, b) => b.created_at.localeCompare(a.created_at));
}
