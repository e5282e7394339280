import { ACTION_STATES, type ActionState, ADVISOR_VISIBLE_ACTION_STATES } from '@ballast/contract';
import { makeDepositAction } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { STATE_LABELS } from '../../../lib/action-words.ts';
import {
  canCancel,
  canDismiss,
  canRespond,
  displayState,
  needsAdvisor,
  sortNewestFirst,
  stateTone,
} from './action-states.ts';

// The record's own fields; each test gives the type and payload it is about.
const { action_type: _type, action_payload: _payload, ...base } = makeDepositAction();

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

  it('lists the newest action first', () => {
    const older = { ...base, action_type: 'CLOSE-ACCOUNT', action_payload: {} } as const;
    const newer = { ...older, id: 'b', created_at: '2026-11-21T10:00:00.000Z' };
    expect(sortNewestFirst([older, newer]).map((action) => action.created_at)).toEqual([
      newer.created_at,
      older.created_at,
    ]);
  });
});
