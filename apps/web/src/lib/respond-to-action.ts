import {
  type Action,
  type ActionPayload,
  type ActionType,
  type SubmitActionResponseBody,
  submitPortfolioActionResponse,
} from '@ballast/contract';
import type { ApiClient } from './api-client.ts';

/**
 * Answers a needs-action request: the action's own type, its payload as the advisor left it
 * (edited or not), and the advisor's answer to operations' instructions.
 */
export function respondToAction<T extends ActionType>(
  api: ApiClient,
  action: Action & { action_type: T },
  payload: ActionPayload<T>,
  answer: string,
): Promise<Action> {
  // The contract's body is a union over action types; the generic T ties payload to type, which
  // TypeScript cannot carry into the union by itself.
  const body = {
    action_type: action.action_type,
    action_payload: payload,
    needs_action_payload: { instructions: answer.trim() },
  } as SubmitActionResponseBody;
  return api.request(submitPortfolioActionResponse, {
    params: { id: action.portfolio_id, action_id: action.id },
    body,
  });
}
