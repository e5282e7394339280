/**
 * What the operations queue offers for a request. The api's transition table is the authority:
 * it sends each request's allowed target states (`moves`, decision 019) and the screen turns
 * exactly those into buttons, never adding one of its own.
 */
import type { ActionState, QueuedAction } from '@ballast/contract';
import { ACTION_TYPE_LABELS, describePayload, STATE_LABELS } from '../../lib/action-words.ts';

/** Operations reads the exact state: a -DISMISSIBLE variant says so after its base label. */
export function stateName(state: ActionState): string {
  return state.endsWith('-DISMISSIBLE')
    ? `${STATE_LABELS[state]}, dismissible`
    : STATE_LABELS[state];
}

/**
 * One button: a plain move, a failure (which needs its reason), or a request to the advisor
 * (which needs instructions, and may be made dismissible when the table allows both variants).
 */
export type Offer =
  | { kind: 'move'; label: string; to: ActionState }
  | { kind: 'fail'; label: string; to: 'FAILED' }
  | {
      kind: 'ask';
      label: string;
      to: ActionState;
      /** The -DISMISSIBLE variant, when the table allows it too. */
      dismissible: ActionState | null;
    };

const ASKS = [
  {
    label: 'Ask the advisor in the app',
    plain: 'NEEDS-ACTION-IN-CHANNEL',
    dismissible: 'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE',
  },
  {
    label: 'Ask the advisor outside the app',
    plain: 'NEEDS-ACTION-OUT-OF-CHANNEL',
    dismissible: 'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE',
  },
] as const satisfies readonly { label: string; plain: ActionState; dismissible: ActionState }[];

export function offersFor(item: Pick<QueuedAction, 'moves' | 'action'>): Offer[] {
  const { moves } = item;
  const offers: Offer[] = [];
  if (moves.includes('PENDING')) {
    // Out of the needs-action states, going back to PENDING means the advisor did their part.
    const label = item.action.state.startsWith('NEEDS-ACTION') ? 'Resume' : 'Mark pending';
    offers.push({ kind: 'move', label, to: 'PENDING' });
  }
  if (moves.includes('COMPLETED'))
    offers.push({ kind: 'move', label: 'Complete', to: 'COMPLETED' });
  if (moves.includes('FAILED')) offers.push({ kind: 'fail', label: 'Fail', to: 'FAILED' });
  for (const ask of ASKS) {
    const plain = moves.includes(ask.plain);
    const dismissible = moves.includes(ask.dismissible);
    if (!plain && !dismissible) continue;
    offers.push({
      kind: 'ask',
      label: ask.label,
      to: plain ? ask.plain : ask.dismissible,
      dismissible: plain && dismissible ? ask.dismissible : null,
    });
  }
  return offers;
}

/** "Deposit request of $1,250.50 for Ada Lovelace": what a confirmation names. */
export function describeRequest(item: Pick<QueuedAction, 'action' | 'client_name'>): string {
  const what = ACTION_TYPE_LABELS[item.action.action_type];
  const payload = describePayload(item.action);
  const client = item.client_name || 'a client without a name yet';
  return payload ? `${what} of ${payload} for ${client}` : `${what} for ${client}`;
}

/** What completing a request does besides changing its state, in the words of the api's rules. */
export function completionEffect(item: Pick<QueuedAction, 'action'>): string | null {
  const { action } = item;
  switch (action.action_type) {
    case 'REQUEST-DEPOSIT':
      return `This approves the deposit and queues its execution: a deposit execution of ${describePayload(action)}, pending, for operations to carry out.`;
    case 'REQUEST-WITHDRAWAL':
      return `This approves the withdrawal and queues its execution: a withdrawal execution of ${describePayload(action)}, pending, for operations to carry out.`;
    case 'EXECUTE-DEPOSIT':
      return `This records the deposit of ${describePayload(action)} in the client's account.`;
    case 'EXECUTE-WITHDRAWAL':
      return `This records the withdrawal of ${describePayload(action)} from the client's account.`;
    case 'OPEN-ACCOUNT':
      return 'This opens the account and buys its initial portfolio.';
    case 'CLOSE-ACCOUNT':
      return 'This closes the account.';
    default:
      return 'This applies the change to the account.';
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** How long a request has waited, in the largest whole unit: "3 days", "5 hours". */
export function formatAge(createdAt: string, now: number): string {
  const waited = Math.max(0, now - new Date(createdAt).getTime());
  if (waited >= DAY) return plural(Math.floor(waited / DAY), 'day');
  if (waited >= HOUR) return plural(Math.floor(waited / HOUR), 'hour');
  if (waited >= MINUTE) return plural(Math.floor(waited / MINUTE), 'minute');
  return 'under a minute';
}
