/**
 * How an action reads in the list and what the advisor may do with it (product §4,
 * docs/architecture.md "Action states"). The -DISMISSIBLE variants are shown as their base state,
 * since advisors are shown only the base states, but they keep the Dismiss button that only they
 * allow.
 */
import type { Action, ActionState, ActionType } from '@ballast/contract';
import { formatUsd } from '../../../lib/format.ts';

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

export const STATE_LABELS: Record<ActionState, string> = {
  'NEEDS-ACTION-IN-CHANNEL': 'Needs action in channel',
  'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE': 'Needs action in channel',
  'NEEDS-ACTION-OUT-OF-CHANNEL': 'Needs action out of channel',
  'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE': 'Needs action out of channel',
  SUBMITTED: 'Submitted',
  'SUBMITTED-CANCELLABLE': 'Submitted, cancellable',
  PENDING: 'Pending',
  CANCELLED: 'Cancelled',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  DISMISSED: 'Dismissed',
};

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

export const ACTION_TYPE_LABELS: Record<ActionType, string> = {
  'OPEN-ACCOUNT': 'Open account',
  'SET-USER-DNT': 'Do-not-trade setting',
  'UPDATE-STRATEGY': 'Strategy change',
  'UPDATE-CUSTODIAN': 'Custodian change',
  'UPDATE-CLIENT-DETAIL': 'Client detail change',
  'REQUEST-DEPOSIT': 'Deposit request',
  'EXECUTE-DEPOSIT': 'Deposit execution',
  'REQUEST-WITHDRAWAL': 'Withdrawal request',
  'EXECUTE-WITHDRAWAL': 'Withdrawal execution',
  'CLOSE-ACCOUNT': 'Close account',
};

/** One line saying what the action asks for. */
export function describePayload(action: Action): string {
  switch (action.action_type) {
    case 'REQUEST-DEPOSIT':
    case 'EXECUTE-DEPOSIT':
    case 'REQUEST-WITHDRAWAL':
    case 'EXECUTE-WITHDRAWAL':
      return formatUsd(action.action_payload.cash);
    case 'SET-USER-DNT': {
      const { set_user_dnt, user_dnt } = action.action_payload;
      if (!set_user_dnt) return 'Turn do-not-trade off';
      return user_dnt ? `Turn do-not-trade on (${user_dnt})` : 'Turn do-not-trade on';
    }
    case 'UPDATE-CUSTODIAN':
      return action.action_payload
        .map((custodian) => `${custodian.custodian_name} ${custodian.account_number}`)
        .join(', ');
    case 'UPDATE-CLIENT-DETAIL': {
      const { account_type, owners } = action.action_payload;
      const names = owners.map((owner) => `${owner.first_name} ${owner.last_name}`).join(', ');
      return `Account type ${account_type}: ${names}`;
    }
    case 'UPDATE-STRATEGY':
      return `Strategy style ${action.action_payload.style}`;
    case 'OPEN-ACCOUNT':
    case 'CLOSE-ACCOUNT':
      return '';
  }
}

/** Newest first, so what changed last is read first. */
export function sortNewestFirst(actions: readonly Action[]): Action[] {
  return [...actions].sort((a, b) => b.created_at.localeCompare(a.created_at));
}
