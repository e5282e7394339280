import { describe, expect, it } from 'vitest';
import { ACTION_TYPES, ADVISOR_CREATABLE_ACTION_TYPES } from '../enums.ts';
import { makeBondStrategyInput, makeClientData, makeCustodianInput } from '../testing/factories.ts';
import { validationErrorsOf } from '../testing/validation.ts';
import {
  ACTION_PAYLOAD_SCHEMAS,
  ActionSchema,
  actionPayloadBodySchema,
  CreateActionBodySchema,
  SubmitActionResponseBodySchema,
} from './action.ts';

const ID = '7d1c3f4e-2b6a-4c8d-9e0f-1a2b3c4d5e6f';

function tagsOf(schema: { options: readonly { shape: { action_type: { value: string } } }[] }) {
  return schema.options.map((option) => option.shape.action_type.value);
}

describe('action payload by type (product §5)', () => {
  it('has a payload schema for every action type', () => {
    expect(Object.keys(ACTION_PAYLOAD_SCHEMAS).sort()).toEqual([...ACTION_TYPES].sort());
  });

  it.each([
    ['UPDATE-STRATEGY', makeBondStrategyInput()],
    ['UPDATE-CUSTODIAN', [makeCustodianInput()]],
    ['UPDATE-CLIENT-DETAIL', makeClientData()],
    ['REQUEST-DEPOSIT', { cash: 1000.5 }],
    ['REQUEST-WITHDRAWAL', { cash: 0.01 }],
    ['SET-USER-DNT', { set_user_dnt: true }],
    ['SET-USER-DNT', { set_user_dnt: true, user_dnt: 'DNBS' }],
    ['SET-USER-DNT', { set_user_dnt: false }],
    ['OPEN-ACCOUNT', {}],
  ] as const)('%s takes %j', (action_type, action_payload) => {
    expect(validationErrorsOf(CreateActionBodySchema, { action_type, action_payload })).toEqual([]);
  });

  it.each([
    [
      'REQUEST-DEPOSIT',
      { cash: 0 },
      'min_value',
      'action_payload.cash',
      'The amount must be greater than zero.',
    ],
    [
      'REQUEST-WITHDRAWAL',
      { cash: -5 },
      'min_value',
      'action_payload.cash',
      'The amount must be greater than zero.',
    ],
    [
      'REQUEST-DEPOSIT',
      { cash: 10.005 },
      'invalid',
      'action_payload.cash',
      'The amount must be in whole cents.',
    ],
    ['REQUEST-DEPOSIT', {}, 'required', 'action_payload.cash', 'This field is required.'],
    [
      'REQUEST-DEPOSIT',
      { cash: '100' },
      'incorrect_type',
      'action_payload.cash',
      'Please enter a valid value.',
    ],
    [
      'SET-USER-DNT',
      { set_user_dnt: 'yes' },
      'incorrect_type',
      'action_payload.set_user_dnt',
      'Please enter a valid value.',
    ],
    ['SET-USER-DNT', {}, 'required', 'action_payload.set_user_dnt', 'This field is required.'],
    [
      'SET-USER-DNT',
      { set_user_dnt: true, user_dnt: 'DNT' },
      'invalid_choice',
      'action_payload.user_dnt',
      'Please select a valid option.',
    ],
    ['UPDATE-CUSTODIAN', [], 'empty', 'action_payload', 'At least one custodian is required.'],
    [
      'UPDATE-CUSTODIAN',
      [{ custodian_name: 'Schwab', account_number: '' }],
      'blank',
      'action_payload.0.account_number',
      'Account number cannot be empty.',
    ],
    [
      'UPDATE-CLIENT-DETAIL',
      { account_type: 'I', owners: [] },
      'empty',
      'action_payload.owners',
      'At least one owner is required.',
    ],
    [
      'OPEN-ACCOUNT',
      { portfolio: 'x' },
      'invalid',
      'action_payload',
      'This action takes no payload fields.',
    ],
  ] as const)('%s refuses %j', (action_type, action_payload, code, attr, detail) => {
    expect(validationErrorsOf(CreateActionBodySchema, { action_type, action_payload })).toEqual([
      { code, detail, attr },
    ]);
  });

  it('refuses a payload of another type', () => {
    expect(
      validationErrorsOf(CreateActionBodySchema, {
        action_type: 'UPDATE-STRATEGY',
        action_payload: { cash: 100 },
      }),
    ).toEqual([
      { code: 'required', detail: 'This field is required.', attr: 'action_payload.style' },
    ]);
  });

  it.each(['EXECUTE-DEPOSIT', 'EXECUTE-WITHDRAWAL', 'CLOSE-ACCOUNT'])(
    'advisors cannot create %s',
    (action_type) => {
      expect(
        validationErrorsOf(CreateActionBodySchema, { action_type, action_payload: {} }),
      ).toEqual([
        { code: 'invalid_choice', detail: 'Please select a valid option.', attr: 'action_type' },
      ]);
    },
  );

  it('create body covers exactly the advisor-creatable types', () => {
    expect(tagsOf(CreateActionBodySchema)).toEqual([...ADVISOR_CREATABLE_ACTION_TYPES]);
  });

  it('action and submit-response cover every type', () => {
    expect(tagsOf(ActionSchema)).toEqual([...ACTION_TYPES]);
    expect(tagsOf(SubmitActionResponseBodySchema)).toEqual([...ACTION_TYPES]);
  });

  it('per-type bodies wrap the payload', () => {
    expect(
      validationErrorsOf(actionPayloadBodySchema('REQUEST-WITHDRAWAL'), {
        action_payload: { cash: 0 },
      }),
    ).toMatchObject([{ attr: 'action_payload.cash', code: 'min_value' }]);
    expect(
      validationErrorsOf(actionPayloadBodySchema('CLOSE-ACCOUNT'), { action_payload: {} }),
    ).toEqual([]);
  });
});

describe('action record (product §3)', () => {
  const action = {
    id: ID,
    portfolio_id: ID,
    created_by_advisor_id: null,
    parent_action_id: ID,
    created_at: '2025-03-01T10:00:00Z',
    last_updated_at: '2025-03-01T10:05:00.123+01:00',
    state: 'NEEDS-ACTION-IN-CHANNEL',
    action_type: 'EXECUTE-DEPOSIT',
    action_payload: { cash: 250_000 },
    needs_action_payload: { instructions: 'Upload the signed transfer form.' },
  };

  it('parses an operations-created child action', () => {
    expect(validationErrorsOf(ActionSchema, action)).toEqual([]);
  });

  it('checks the payload against the type', () => {
    expect(validationErrorsOf(ActionSchema, { ...action, action_payload: {} })).toEqual([
      { code: 'required', detail: 'This field is required.', attr: 'action_payload.cash' },
    ]);
  });

  it('takes only the states of product §4', () => {
    expect(validationErrorsOf(ActionSchema, { ...action, state: 'DONE' })).toMatchObject([
      { code: 'invalid_choice', attr: 'state' },
    ]);
  });

  it('submit-response takes an optional answer', () => {
    const body = { action_type: 'SET-USER-DNT', action_payload: { set_user_dnt: true } };
    expect(validationErrorsOf(SubmitActionResponseBodySchema, body)).toEqual([]);
    expect(
      validationErrorsOf(SubmitActionResponseBodySchema, {
        ...body,
        needs_action_payload: { instructions: 'Done, see the upload.' },
      }),
    ).toEqual([]);
  });
});
