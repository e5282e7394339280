import type { Action } from '@ballast/contract';
import { makeClientData, makeDepositAction } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { describePayload } from './action-words.ts';

// The record's own fields; each test gives the type and payload it is about.
const { action_type: _type, action_payload: _payload, ...base } = makeDepositAction();

describe('describePayload', () => {
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
});
