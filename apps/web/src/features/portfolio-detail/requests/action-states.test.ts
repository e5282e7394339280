import {
  ACTION_STATES,
  type Action,
  type ActionState,
  ADVISOR_VISIBLE_ACTION_STATES,
} from '@ballast/contract';
import { makeClientData } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canDismiss,
  canRespond,
  describePayload,
  displayState,
  needsAdvisor,
  STATE_LABELS,
  sortNewestFirst,
  stateTone,
} from './action-states.ts';

const base = {
  id: '00000000-0000-4000-8000-000000000001',
  portfolio_id: '00000000-0000-4000-8000-000000000002',
  created_by_advisor_id: null,
  parent_action_id: null,
  created_at: '2026-11-20T10:00:00.000Z',
  last_updated_at: '2026-11-20T10:00:00.000Z',
  state: 'SUBMITTED-CANCELLABLE',
  needs_action_payload: null,
} as const;

describe('displayState', () => {
  it('shows each -DISMISSIBLE variant as its base state', () => {
    expect(displayState('NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE')).toBe('NEEDS-ACTION-IN-CHANNEL');
    expect(displayState('NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE')).toBe(
      'NEEDS-ACTION-OUT-OF-CHANNEL',
    );
  });

  it('shows every state an advisor receives as one of the product §4 advisor states', () => {
    const received: ActionState[] = [
      ...ADVISOR_VISIBLE_ACTION_STATES,
      'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE',
      'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE',
    ];
    for (const state of received) {
      expect(ADVISOR_VISIBLE_ACTION_STATES as readonly ActionState[]).toContain(
        displayState(state),
      );
    }
  });

  it('leaves the other states as they are', () => {
    for (const state of ['SUBMITTED', 'PENDING', 'COMPLETED', 'DISMISSED'] as const) {
      expect(displayState(state)).toBe(state);
    }
  });
});

describe('what the advisor may do', () => {
  it('cancels only SUBMITTED-CANCELLABLE', () => {
    expect(ACTION_STATES.filter(canCancel)).toEqual(['SUBMITTED-CANCELLABLE']);
  });

  it('dismisses only the -DISMISSIBLE states', () => {
    expect(ACTION_STATES.filter(canDismiss)).toEqual([
      'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE',
      'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE',
    ]);
  });

  it('answers only in-channel requests, dismissible or not', () => {
    expect(ACTION_STATES.filter(canRespond)).toEqual([
      'NEEDS-ACTION-IN-CHANNEL',
      'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE',
    ]);
    expect(ACTION_STATES.filter(needsAdvisor)).toHaveLength(4);
  });
});

describe('labels', () => {
  it('labels a dismissible state like its base state', () => {
    expect(STATE_LABELS['NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE']).toBe(
      STATE_LABELS['NEEDS-ACTION-IN-CHANNEL'],
    );
    expect(stateTone('NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE')).toBe('attention');
    expect(stateTone('FAILED')).toBe('failed');
    expect(stateTone('SUBMITTED')).toBe('progress');
  });

  it('says what each kind of request asks for', () => {
    const actions: Action[] = [
      { ...base, action_type: 'REQUEST-DEPOSIT', action_payload: { cash: 25_000 } },
      { ...base, action_type: 'SET-USER-DNT', action_payload: { set_user_dnt: false } },
      {
        ...base,
        action_type: 'SET-USER-DNT',
        action_payload: { set_user_dnt: true, user_dnt: 'DNB' },
      },
      {
        ...base,
        action_type: 'UPDATE-CUSTODIAN',
        action_payload: [{ custodian_name: 'Schwab', account_number: 'QW12-ER34' }],
      },
      { ...base, action_type: 'UPDATE-CLIENT-DETAIL', action_payload: makeClientData() },
      { ...base, action_type: 'CLOSE-ACCOUNT', action_payload: {} },
    ];
    expect(actions.map(describePayload)).toEqual([
      '$25,000.00',
      'Turn do-not-trade off',
      'Turn do-not-trade on (DNB)',
      'Schwab QW12-ER34',
      'Account type I: Ada Lovelace',
      '',
    ]);
  });

  it('lists the newest action first', () => {
    const older = { ...base, action_type: 'CLOSE-ACCOUNT', action_payload: {} } as const;
    const newer = { ...older, id: 'b', created_at: '2026-11-21T10:00:00.000Z' };
    expect(sortNewestFirst([older, newer]).map((action) => action.created_at)).toEqual([
      newer.created_at,
      older.created_at,
    ]);
  });
});
