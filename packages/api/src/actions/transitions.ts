/**
 * The one transition table of the action workflow (docs/architecture.md "Action states"). The
 * action services ask these pure functions what a move may do; nothing else decides a state.
 */
import type { ActionState, ActionType, PortfolioStatus } from '@ballast/contract';

/**
 * Opening and closing are not cancellable once submitted: operations starts work with the
 * custodian at once, and a half-opened or half-closed account cannot be undone from the app.
 */
const NOT_CANCELLABLE: readonly ActionType[] = ['OPEN-ACCOUNT', 'CLOSE-ACCOUNT'];

export function initialState(type: ActionType): ActionState {
  return NOT_CANCELLABLE.includes(type) ? 'SUBMITTED' : 'SUBMITTED-CANCELLABLE';
}

export const NEEDS_ACTION_STATES = [
  'NEEDS-ACTION-IN-CHANNEL',
  'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE',
  'NEEDS-ACTION-OUT-OF-CHANNEL',
  'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE',
] as const satisfies readonly ActionState[];

/** Moves operations (OPERATIONS, ADMINISTRATOR) may make: from → allowed targets. */
export const OPERATIONS_TRANSITIONS: Readonly<Record<ActionState, readonly ActionState[]>> = {
  SUBMITTED: ['PENDING', ...NEEDS_ACTION_STATES],
  'SUBMITTED-CANCELLABLE': ['PENDING', ...NEEDS_ACTION_STATES],
  PENDING: ['COMPLETED', 'FAILED', ...NEEDS_ACTION_STATES],
  // Done outside the app: operations says so by resuming the work.
  'NEEDS-ACTION-OUT-OF-CHANNEL': ['PENDING'],
  'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE': ['PENDING'],
  // In-channel requests are answered by the advisor (submit-response), not by operations.
  'NEEDS-ACTION-IN-CHANNEL': [],
  'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE': [],
  CANCELLED: [],
  COMPLETED: [],
  FAILED: [],
  DISMISSED: [],
};

export type Outcome =
  | { ok: true; to: ActionState }
  | { ok: false; code: 'request_conflict' | 'resource_gone' | 'validation'; detail: string };

const GONE: readonly ActionState[] = ['CANCELLED', 'DISMISSED'];

function refuse(from: ActionState, to: string): Outcome {
  if (GONE.includes(from)) {
    return {
      ok: false,
      code: 'resource_gone',
      detail: `The action was already ${from.toLowerCase()}.`,
    };
  }
  return {
    ok: false,
    code: 'request_conflict',
    detail: `An action in state ${from} cannot move to ${to}.`,
  };
}

export function needsInstructions(state: ActionState): boolean {
  return (NEEDS_ACTION_STATES as readonly ActionState[]).includes(state);
}

/**
 * The states that keep operations' note (`needs_action_payload`): what the advisor is asked
 * while NEEDS-ACTION-*, and why a FAILED request failed (decision 019), so the advisor reads it.
 */
export function keepsNote(state: ActionState): boolean {
  return needsInstructions(state) || state === 'FAILED';
}

/**
 * Operations moves an action; asking the advisor for something needs instructions, and failing
 * a request needs its reason (given the same way).
 */
export function operationsMove(from: ActionState, to: ActionState, hasNote: boolean): Outcome {
  if (!OPERATIONS_TRANSITIONS[from].includes(to)) return refuse(from, to);
  if (needsInstructions(to) && !hasNote) {
    return { ok: false, code: 'validation', detail: 'Instructions are required for this state.' };
  }
  if (to === 'FAILED' && !hasNote) {
    return { ok: false, code: 'validation', detail: 'A reason is required to fail a request.' };
  }
  return { ok: true, to };
}

/** The advisor answers an in-channel request; it goes back to operations as SUBMITTED. */
export function submitResponse(from: ActionState): Outcome {
  if (from === 'NEEDS-ACTION-IN-CHANNEL' || from === 'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE') {
    return { ok: true, to: 'SUBMITTED' };
  }
  return refuse(from, 'SUBMITTED');
}

/** DELETE: cancel while cancellable, dismiss a dismissible request. */
export function advisorDelete(from: ActionState): Outcome {
  if (from === 'SUBMITTED-CANCELLABLE') return { ok: true, to: 'CANCELLED' };
  if (from.endsWith('-DISMISSIBLE')) return { ok: true, to: 'DISMISSED' };
  return refuse(from, 'CANCELLED');
}

/** The approval rule's pairs: the request operations approved → the movement it carries out. */
const EXECUTED_AS: Partial<Record<ActionType, ActionType>> = {
  'REQUEST-DEPOSIT': 'EXECUTE-DEPOSIT',
  'REQUEST-WITHDRAWAL': 'EXECUTE-WITHDRAWAL',
};

export type ChildAction = {
  type: ActionType;
  state: ActionState;
  payload: unknown;
  parentActionId: string;
};

/**
 * Approval rule: a completed REQUEST-DEPOSIT/WITHDRAWAL spawns the EXECUTE-* child that
 * operations carries out next, with the same cash, already PENDING (it is theirs to do).
 */
export function deriveChildAction(parent: {
  id: string;
  type: ActionType;
  state: ActionState;
  payload: unknown;
}): ChildAction | undefined {
  const type = parent.state === 'COMPLETED' ? EXECUTED_AS[parent.type] : undefined;
  if (!type) return undefined;
  return { type, state: 'PENDING', payload: parent.payload, parentActionId: parent.id };
}

/** An action that still occupies its kind: a second one of the same type is refused (409). */
export function isOpen(state: ActionState): boolean {
  return !['CANCELLED', 'COMPLETED', 'FAILED', 'DISMISSED'].includes(state);
}

/**
 * docs/architecture.md "Portfolio status", derived from the portfolio's actions: CLOSED once a
 * CLOSE-ACCOUNT completed; NEEDS-ACTION while any action waits for the advisor; PENDING until
 * OPEN-ACCOUNT completes; otherwise IN-GOOD-ORDER. A portfolio without OPEN-ACCOUNT keeps
 * INCOMPLETE; one without OPEN-ACCOUNT but already open (seeded or imported accounts) counts as
 * opened.
 */
export function portfolioStatus(
  list: readonly { type: ActionType; state: ActionState }[],
  current: PortfolioStatus,
): PortfolioStatus {
  if (list.some((a) => a.type === 'CLOSE-ACCOUNT' && a.state === 'COMPLETED')) return 'CLOSED';
  const opening = list.filter((a) => a.type === 'OPEN-ACCOUNT');
  if (opening.length === 0 && current === 'INCOMPLETE') return 'INCOMPLETE';
  if (list.some((a) => needsInstructions(a.state))) return 'NEEDS-ACTION';
  if (opening.length > 0 && !opening.some((a) => a.state === 'COMPLETED')) return 'PENDING';
  return 'IN-GOOD-ORDER';
}
