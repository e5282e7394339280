import type { ActionState, ActionType } from '@ballast/contract';
import type { SecretBox } from '@ballast/db';
import { applyCompletedAction, type OpenedAccount, type Tx } from '../accounts/current-account.ts';
import { type ActionRow, type Actor, insertAction } from './action-store.ts';
import { deriveChildAction } from './transitions.ts';

/**
 * What an action moved to COMPLETED does in the same transaction: its payload is applied to the
 * account, and an approved request spawns its EXECUTE-* child, which is returned. `openingOf`
 * gives what an OPEN-ACCOUNT opens.
 */
export async function completeAction(
  tx: Tx,
  box: SecretBox,
  actor: Actor,
  action: ActionRow,
  openingOf: () => Promise<OpenedAccount>,
): Promise<ActionRow | undefined> {
  const type = action.actionType as ActionType;
  await applyCompletedAction(
    tx,
    box,
    { firmId: action.firmId, portfolioId: action.portfolioId, actionId: action.id },
    type,
    action.actionPayload,
    openingOf,
  );
  const child = deriveChildAction({
    id: action.id,
    type,
    state: action.state as ActionState,
    payload: action.actionPayload,
  });
  return child ? insertAction(tx, actor, { portfolioId: action.portfolioId, ...child }) : undefined;
}
