import type { ActionState } from '@ballast/contract';
import { makeDepositAction, makeQueuedAction } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import {
  completionEffect,
  describeRequest,
  formatAge,
  offersFor,
  stateName,
} from './queue-moves.ts';

const ASK_ALL: ActionState[] = [
  'NEEDS-ACTION-IN-CHANNEL',
  'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE',
  'NEEDS-ACTION-OUT-OF-CHANNEL',
  'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE',
];

function queued(state: ActionState, moves: ActionState[]) {
  return makeQueuedAction({ action: makeDepositAction({ state }), moves });
}

describe('offersFor', () => {
  it('offers exactly the moves the api sends, asking the advisor once per channel', () => {
    const offers = offersFor(queued('PENDING', ['COMPLETED', 'FAILED', ...ASK_ALL]));
    expect(offers.map((offer) => [offer.kind, offer.label, offer.to])).toEqual([
      ['move', 'Complete', 'COMPLETED'],
      ['fail', 'Fail', 'FAILED'],
      ['ask', 'Ask the advisor in the app', 'NEEDS-ACTION-IN-CHANNEL'],
      ['ask', 'Ask the advisor outside the app', 'NEEDS-ACTION-OUT-OF-CHANNEL'],
    ]);
    expect(offers[2]).toMatchObject({ dismissible: 'NEEDS-ACTION-IN-CHANNEL-DISMISSIBLE' });
  });

  it('offers nothing when the api allows nothing, and resumes out-of-channel requests', () => {
    expect(offersFor(queued('NEEDS-ACTION-IN-CHANNEL', []))).toEqual([]);
    expect(offersFor(queued('NEEDS-ACTION-OUT-OF-CHANNEL', ['PENDING']))).toEqual([
      { kind: 'move', label: 'Resume', to: 'PENDING' },
    ]);
    expect(offersFor(queued('SUBMITTED', ['PENDING']))[0]?.label).toBe('Mark pending');
  });

  it('offers no dismissible choice when only one variant is allowed', () => {
    const [ask] = offersFor(queued('PENDING', ['NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE']));
    expect(ask).toMatchObject({ to: 'NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE', dismissible: null });
  });
});

describe('the words of a confirmation', () => {
  it('names a dismissible state as such', () => {
    expect(stateName('NEEDS-ACTION-OUT-OF-CHANNEL-DISMISSIBLE')).toBe(
      'Needs action out of channel, dismissible',
    );
    expect(stateName('PENDING')).toBe('Pending');
  });

  it('names the client and the amount', () => {
    expect(describeRequest(queued('PENDING', []))).toBe(
      'Deposit request of $1,250.50 for Ada Lovelace',
    );
    expect(completionEffect(queued('PENDING', []))).toContain('deposit execution of $1,250.50');
  });
});

describe('formatAge', () => {
  const created = '2026-11-20T10:00:00.000Z';
  const at = (ms: number) => new Date(created).getTime() + ms;
  it('reads in the largest whole unit', () => {
    expect(formatAge(created, at(30_000))).toBe('under a minute');
    expect(formatAge(created, at(60_000))).toBe('1 minute');
    expect(formatAge(created, at(5 * 3_600_000 + 1))).toBe('5 hours');
    expect(formatAge(created, at(3 * 86_400_000))).toBe('3 days');
  });
});
