import {
  type ActionState,
  type ActionType,
  type NeedsActionPayload,
  PortfolioInputsSchema,
} from '@ballast/contract';
import { type SecretBox, schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import type { OpenedAccount, Tx } from '../accounts/current-account.ts';
import { savedInputsOf } from '../accounts/saved-inputs.ts';
import type { ApiContext } from '../api-route.ts';
import { AppError, RequestValidationError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { type ActionRow, moveAction } from './action-store.ts';
import { completeAction } from './complete-action.ts';
import {
  advisorDelete,
  keepsNote,
  needsInstructions,
  type Outcome,
  operationsMove,
  submitResponse,
} from './transitions.ts';
import { type ActionRef, getVisibleAction, OPERATORS } from './visible-actions.ts';

const { onboardingApplications } = schema;

function failWith(outcome: Outcome): ActionState {
  if (outcome.ok) return outcome.to;
  if (outcome.code === 'validation') {
    throw new RequestValidationError({
      type: 'validation_error',
      errors: [{ code: 'required', detail: outcome.detail, attr: 'needs_action_payload' }],
    });
  }
  throw new AppError(outcome.code, outcome.detail);
}

/** The application as opened: it was checked strictly when it was submitted. */
async function readOpenedAccount(
  tx: Tx,
  box: SecretBox,
  portfolioId: string,
): Promise<OpenedAccount> {
  const [application] = await tx
    .select()
    .from(onboardingApplications)
    .where(eq(onboardingApplications.portfolioId, portfolioId));
  if (!application) throw new Error('An opened account has no application.');
  // It passed the strict check when it was submitted, and it cannot change after that.
  const inputs = PortfolioInputsSchema.parse(savedInputsOf(application, box));
  return {
    clientData: inputs.client_data,
    strategy: inputs.strategy,
    custodians: inputs.custodians,
    inceptionDate: new Date().toISOString().slice(0, 10),
  };
}

/** Operations moves an action (PUT) or changes its state and/or instructions (PATCH). */
export async function moveByOperations(
  { db, box }: Pick<ApiContext, 'db' | 'box'>,
  caller: Caller,
  ref: ActionRef,
  change: { state?: ActionState; needs_action_payload?: NeedsActionPayload | null },
): Promise<ActionRow> {
  // Looked up first, so an action out of the caller's sight is 404 whoever asks.
  const current = await getVisibleAction(db, caller, ref);
  if (!OPERATORS.includes(caller.role)) {
    throw new AppError('permission_denied', 'Only operations staff move actions.');
  }
  const from = current.state as ActionState;
  const instructions =
    change.needs_action_payload === undefined
      ? (current.needsActionPayload as NeedsActionPayload | null)
      : change.needs_action_payload;
  let to: ActionState;
  if (change.state === undefined) {
    // Only the instructions change, which makes sense only while the advisor is asked.
    if (!needsInstructions(from)) {
      throw new AppError('request_conflict', `An action in state ${from} has no instructions.`);
    }
    to = failWith(
      instructions
        ? { ok: true, to: from }
        : { ok: false, code: 'validation', detail: 'Instructions are required for this state.' },
    );
  } else {
    to = failWith(operationsMove(from, change.state, Boolean(instructions)));
  }
  return db.transaction(async (tx) => {
    const updated = await moveAction(tx, caller, current, {
      state: to,
      needsActionPayload: keepsNote(to) ? instructions : null,
    });
    if (to === 'COMPLETED') {
      await completeAction(tx, box, caller, updated, () =>
        readOpenedAccount(tx, box, updated.portfolioId),
      );
    }
    return updated;
  });
}

/** The advisor answers an in-channel request with the completed payload. */
export async function answerAction(
  { db }: Pick<ApiContext, 'db'>,
  caller: Caller,
  ref: ActionRef,
  answer: {
    action_type: ActionType;
    action_payload: unknown;
    needs_action_payload?: NeedsActionPayload | null | undefined;
  },
): Promise<ActionRow> {
  const current = await getVisibleAction(db, caller, ref);
  const to = failWith(submitResponse(current.state as ActionState));
  if (answer.action_type !== current.actionType) {
    throw new RequestValidationError({
      type: 'validation_error',
      errors: [
        {
          code: 'invalid',
          detail: `This action is a ${current.actionType}.`,
          attr: 'action_type',
        },
      ],
    });
  }
  return db.transaction((tx) =>
    moveAction(tx, caller, current, {
      state: to,
      actionPayload: answer.action_payload,
      // The request is answered; what the advisor wrote back (if anything) is kept.
      needsActionPayload: answer.needs_action_payload ?? null,
    }),
  );
}

/** DELETE: the advisor cancels or dismisses the action. */
export async function cancelAction(
  { db }: Pick<ApiContext, 'db'>,
  caller: Caller,
  ref: ActionRef,
): Promise<void> {
  const current = await getVisibleAction(db, caller, ref);
  const to = failWith(advisorDelete(current.state as ActionState));
  await db.transaction((tx) => moveAction(tx, caller, current, { state: to }));
}
