/**
 * Product §3 Action, and product §5 'Action creation' ("the payload must match the type"): one
 * payload schema per action type, used by the action record, the create-action body and the
 * submit-response body alike.
 */
import { z } from 'zod';
import { ActionStateSchema, type ActionType, USER_DNT_VALUES } from '../enums.ts';
import {
  cashAmount,
  choice,
  discriminatorError,
  IdSchema,
  IsoDateTimeSchema,
  requiredBoolean,
  requiredOr,
} from '../fields.ts';
import { AT_LEAST_ONE_CUSTODIAN, INVALID_VALUE, PAYLOAD_MUST_BE_EMPTY } from '../messages.ts';
import { ClientDataInputSchema } from './client-data.ts';
import { CustodianInputSchema } from './custodian.ts';
import { StrategyInputSchema } from './strategy.ts';

const objectError = { error: requiredOr(INVALID_VALUE) };

/** Product §3 cash deposit or withdrawal payload, in US dollars. */
export const CashPayloadSchema = z.object({ cash: cashAmount() }, objectError);
export type CashPayload = z.infer<typeof CashPayloadSchema>;

/** Turns do-not-trade on or off; when turning it on, `user_dnt` may say which restriction. */
export const SetUserDntPayloadSchema = z.object(
  { set_user_dnt: requiredBoolean(), user_dnt: choice(USER_DNT_VALUES).optional() },
  objectError,
);
export type SetUserDntPayload = z.infer<typeof SetUserDntPayloadSchema>;

/** A custodian change names the complete new set of accounts, each checked strictly. */
export const UpdateCustodianPayloadSchema = z
  .array(CustodianInputSchema, objectError)
  .min(1, { error: AT_LEAST_ONE_CUSTODIAN });
export type UpdateCustodianPayload = z.infer<typeof UpdateCustodianPayloadSchema>;

// The product rules leave these two open. Opening submits the onboarding inputs already saved
// through /inputs, which the api re-checks strictly (PortfolioInputsSchema); closing needs nothing.
// Both are empty objects that refuse stray keys, so nothing unvalidated reaches the record.
const emptyPayloadError = {
  error: (issue: { code?: string; input?: unknown }) =>
    issue.code === 'unrecognized_keys' ? PAYLOAD_MUST_BE_EMPTY : requiredOr(INVALID_VALUE)(issue),
};
export const OpenAccountPayloadSchema = z.strictObject({}, emptyPayloadError);
export type OpenAccountPayload = z.infer<typeof OpenAccountPayloadSchema>;
export const CloseAccountPayloadSchema = z.strictObject({}, emptyPayloadError);
export type CloseAccountPayload = z.infer<typeof CloseAccountPayloadSchema>;

export const ACTION_PAYLOAD_SCHEMAS = {
  'OPEN-ACCOUNT': OpenAccountPayloadSchema,
  'SET-USER-DNT': SetUserDntPayloadSchema,
  'UPDATE-STRATEGY': StrategyInputSchema,
  'UPDATE-CUSTODIAN': UpdateCustodianPayloadSchema,
  'UPDATE-CLIENT-DETAIL': ClientDataInputSchema,
  'REQUEST-DEPOSIT': CashPayloadSchema,
  'EXECUTE-DEPOSIT': CashPayloadSchema,
  'REQUEST-WITHDRAWAL': CashPayloadSchema,
  'EXECUTE-WITHDRAWAL': CashPayloadSchema,
  'CLOSE-ACCOUNT': CloseAccountPayloadSchema,
} as const satisfies Record<ActionType, z.ZodType>;

export type ActionPayloadSchemas = typeof ACTION_PAYLOAD_SCHEMAS;
export type ActionPayload<T extends ActionType = ActionType> = z.infer<ActionPayloadSchemas[T]>;

/** Body of the per-type calls (POST /portfolios/{id}/request-deposit and the rest). */
export function actionPayloadBodySchema<T extends ActionType>(type: T) {
  return z.object({ action_payload: ACTION_PAYLOAD_SCHEMAS[type] }, objectError);
}

/** What operations asks the advisor for; the advisor answers through submit-response. */
export const NeedsActionPayloadSchema = z.object({ instructions: z.string() }, objectError);
export type NeedsActionPayload = z.infer<typeof NeedsActionPayloadSchema>;

function typedPayload<T extends ActionType>(type: T) {
  return z.object({ action_type: z.literal(type), action_payload: ACTION_PAYLOAD_SCHEMAS[type] });
}

const ActionRecordSchema = z.object({
  id: IdSchema,
  portfolio_id: IdSchema,
  created_by_advisor_id: IdSchema.nullable(),
  parent_action_id: IdSchema.nullable(),
  created_at: IsoDateTimeSchema,
  last_updated_at: IsoDateTimeSchema,
  state: ActionStateSchema,
  needs_action_payload: NeedsActionPayloadSchema.nullable(),
});

function actionOf<T extends ActionType>(type: T) {
  return ActionRecordSchema.extend(typedPayload(type).shape);
}

export const ActionSchema = z.discriminatedUnion('action_type', [
  actionOf('OPEN-ACCOUNT'),
  actionOf('SET-USER-DNT'),
  actionOf('UPDATE-STRATEGY'),
  actionOf('UPDATE-CUSTODIAN'),
  actionOf('UPDATE-CLIENT-DETAIL'),
  actionOf('REQUEST-DEPOSIT'),
  actionOf('EXECUTE-DEPOSIT'),
  actionOf('REQUEST-WITHDRAWAL'),
  actionOf('EXECUTE-WITHDRAWAL'),
  actionOf('CLOSE-ACCOUNT'),
]);
export type Action = z.infer<typeof ActionSchema>;

/** An action an advisor creates: a creatable type and the payload that type takes. */
export const CreateActionBodySchema = z.discriminatedUnion(
  'action_type',
  [
    typedPayload('OPEN-ACCOUNT'),
    typedPayload('SET-USER-DNT'),
    typedPayload('UPDATE-STRATEGY'),
    typedPayload('UPDATE-CUSTODIAN'),
    typedPayload('UPDATE-CLIENT-DETAIL'),
    typedPayload('REQUEST-DEPOSIT'),
    typedPayload('REQUEST-WITHDRAWAL'),
  ],
  { error: discriminatorError('action_type') },
);
export type CreateActionBody = z.infer<typeof CreateActionBodySchema>;

function responseOf<T extends ActionType>(type: T) {
  return typedPayload(type).extend({ needs_action_payload: NeedsActionPayloadSchema.optional() });
}

/** PATCH .../submit-response body: the action's type, its completed payload, the answer. */
export const SubmitActionResponseBodySchema = z.discriminatedUnion(
  'action_type',
  [
    responseOf('OPEN-ACCOUNT'),
    responseOf('SET-USER-DNT'),
    responseOf('UPDATE-STRATEGY'),
    responseOf('UPDATE-CUSTODIAN'),
    responseOf('UPDATE-CLIENT-DETAIL'),
    responseOf('REQUEST-DEPOSIT'),
    responseOf('EXECUTE-DEPOSIT'),
    responseOf('REQUEST-WITHDRAWAL'),
    responseOf('EXECUTE-WITHDRAWAL'),
    responseOf('CLOSE-ACCOUNT'),
  ],
  { error: discriminatorError('action_type') },
);
export type SubmitActionResponseBody = z.infer<typeof SubmitActionResponseBodySchema>;

/**
 * PUT/PATCH /portfolios/{id}/actions/{action_id}: operations moves an action to another state,
 * with instructions when it asks the advisor for something (NEEDS-ACTION-*).
 */
export const ActionUpdateBodySchema = z.object(
  {
    state: ActionStateSchema,
    needs_action_payload: NeedsActionPayloadSchema.nullable().optional(),
  },
  objectError,
);
export type ActionUpdateBody = z.infer<typeof ActionUpdateBodySchema>;
