/**
 * How a request reads wherever it is listed: its kind and, in a line, what it asks for. The
 * portfolio page and the operations queue say it the same way.
 */
import type { Action, ActionState, ActionType } from '@ballast/contract';
import { formatUsd } from './format.ts';

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

/** A state as advisors read it: a -DISMISSIBLE variant reads as its base state. */
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
