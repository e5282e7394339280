import { ACTION_STATES, ACTION_TYPES, type ActionState } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import {
  advisorDelete,
  deriveChildAction,
  initialState,
  keepsNote,
  OPERATIONS_TRANSITIONS,
  operationsMove,
  portfolioStatus,
  submitResponse,
} from './transitions.ts';

const NEEDS = [
  'NEEDS-ACTION-IN-CHANNEL',
  'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE',
  'NEEDS-ACTION-OUT-OF-CHANNEL',
  'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE',
] as const;

// The whole operations table written out once more, so a change to it is a deliberate one.
const EXPECTED: Record<ActionState, readonly ActionState[]> = {
  SUBMITTED: ['PENDING', ...NEEDS],
  'SUBMITTED-CANCELLABLE': ['PENDING', ...NEEDS],
  PENDING: ['COMPLETED', 'FAILED', ...NEEDS],
  'NEEDS-ACTION-OUT-OF-CHANNEL': ['PENDING'],
  'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE': ['PENDING'],
  'NEEDS-ACTION-IN-CHANNEL': [],
  'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE': [],
  CANCELLED: [],
  COMPLETED: [],
  FAILED: [],
  DISMISSED: [],
};

describe('action transition table', () => {
  it('starts advisor actions cancellable except opening and closing', () => {
    for (const type of ACTION_TYPES) {
      expect(initialState(type)).toBe(
        type === 'OPEN-ACCOUNT' || type === 'CLOSE-ACCOUNT' ? 'SUBMITTED' : 'SUBMITTED-CANCELLABLE',
      );
    }
  });

  it('lets operations make exactly the moves of the table', () => {
    for (const from of ACTION_STATES) {
      expect([...OPERATIONS_TRANSITIONS[from]].sort()).toEqual([...EXPECTED[from]].sort());
      for (const to of ACTION_STATES) {
        const outcome = operationsMove(from, to, true);
        expect(outcome.ok, `${from} → ${to}`).toBe(EXPECTED[from].includes(to));
        if (!outcome.ok) {
          expect(outcome.code).toBe(
            from === 'CANCELLED' || from === 'DISMISSED' ? 'resource_gone' : 'request_conflict',
          );
        }
      }
    }
  });

  it('requires instructions when asking the advisor', () => {
    for (const to of NEEDS) {
      expect(operationsMove('PENDING', to, false)).toMatchObject({ ok: false, code: 'validation' });
    }
    expect(operationsMove('PENDING', 'COMPLETED', false)).toEqual({ ok: true, to: 'COMPLETED' });
  });

  it('requires a reason to fail a request, and keeps it as it keeps instructions', () => {
    expect(operationsMove('PENDING', 'FAILED', false)).toMatchObject({
      ok: false,
      code: 'validation',
    });
    expect(operationsMove('PENDING', 'FAILED', true)).toEqual({ ok: true, to: 'FAILED' });
    expect(ACTION_STATES.filter(keepsNote)).toEqual([...NEEDS, 'FAILED']);
  });

  it('takes the advisor response only on in-channel requests', () => {
    for (const from of ACTION_STATES) {
      const outcome = submitResponse(from);
      const allowed =
        from === 'NEEDS-ACTION-IN-CHANNEL' || from === 'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE';
      expect(outcome.ok, from).toBe(allowed);
      if (outcome.ok) expect(outcome.to).toBe('SUBMITTED');
    }
  });

  it('cancels, dismisses, or refuses a delete with 409 or 410', () => {
    const expected: Record<ActionState, string> = {
      'SUBMITTED-CANCELLABLE': 'CANCELLED',
      'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE': 'DISMISSED',
      'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE': 'DISMISSED',
      CANCELLED: 'resource_gone',
      DISMISSED: 'resource_gone',
      SUBMITTED: 'request_conflict',
      PENDING: 'request_conflict',
      'NEEDS-ACTION-IN-CHANNEL': 'request_conflict',
      'NEEDS-ACTION-OUT-OF-CHANNEL': 'request_conflict',
      COMPLETED: 'request_conflict',
      FAILED: 'request_conflict',
    };
    for (const from of ACTION_STATES) {
      const outcome = advisorDelete(from);
      expect(outcome.ok ? outcome.to : outcome.code, from).toBe(expected[from]);
    }
  });

  it('spawns the EXECUTE-* child of an approved deposit or withdrawal, and of nothing else', () => {
    const payload = { cash: 25_000 };
    for (const type of ACTION_TYPES) {
      for (const state of ACTION_STATES) {
        const child = deriveChildAction({ id: 'parent', type, state, payload });
        const expected =
          state !== 'COMPLETED'
            ? undefined
            : type === 'REQUEST-DEPOSIT'
              ? 'EXECUTE-DEPOSIT'
              : type === 'REQUEST-WITHDRAWAL'
                ? 'EXECUTE-WITHDRAWAL'
                : undefined;
        expect(child?.type, `${type} ${state}`).toBe(expected);
        if (child) {
          expect(child).toEqual({
            type: expected,
            state: 'PENDING',
            payload,
            parentActionId: 'parent',
          });
        }
      }
    }
  });

  it('derives the portfolio status', () => {
    expect(portfolioStatus([], 'INCOMPLETE')).toBe('INCOMPLETE');
    expect(portfolioStatus([], 'NEEDS-ACTION')).toBe('IN-GOOD-ORDER');
    expect(portfolioStatus([{ type: 'OPEN-ACCOUNT', state: 'SUBMITTED' }], 'INCOMPLETE')).toBe(
      'PENDING',
    );
    expect(portfolioStatus([{ type: 'OPEN-ACCOUNT', state: 'COMPLETED' }], 'PENDING')).toBe(
      'IN-GOOD-ORDER',
    );
    expect(
      portfolioStatus(
        [
          { type: 'OPEN-ACCOUNT', state: 'COMPLETED' },
          { type: 'REQUEST-DEPOSIT', state: 'NEEDS-ACTION-IN-CHANNEL' },
        ],
        'IN-GOOD-ORDER',
      ),
    ).toBe('NEEDS-ACTION');
    expect(
      portfolioStatus(
        [
          { type: 'OPEN-ACCOUNT', state: 'COMPLETED' },
          { type: 'CLOSE-ACCOUNT', state: 'COMPLETED' },
        ],
        'IN-GOOD-ORDER',
      ),
    ).toBe('CLOSED');
  });
});
