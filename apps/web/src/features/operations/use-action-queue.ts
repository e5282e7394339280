import {
  type ActionState,
  getPortfolioAction,
  listActions,
  type QueuedAction,
  replacePortfolioAction,
} from '@ballast/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';

export const QUEUE_PAGE_SIZE = 50;

/** A page of the firm's open requests, oldest first (GET /actions, decision 019). */
export function useActionQueue(offset: number) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.actionQueuePage(offset),
    queryFn: () => api.request(listActions, { query: { limit: QUEUE_PAGE_SIZE, offset } }),
    placeholderData: keepPreviousData,
  });
}

type Move = {
  item: QueuedAction;
  to: ActionState;
  /** Instructions for the advisor, or the reason of a failure. */
  note?: string;
};

/**
 * The answer to a move: done, or the request had already moved on (409, or 410 once the
 * advisor cancelled or dismissed it), with the state somebody else left it in.
 */
export type MoveResult = { moved: true } | { moved: false; state: ActionState | null };

/** PUT …/actions/{id}: operations moves one request; every page and the portfolio refresh. */
export function useMoveAction() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ item, to, note }: Move): Promise<MoveResult> => {
      const params = { id: item.action.portfolio_id, action_id: item.action.id };
      try {
        await api.request(replacePortfolioAction, {
          params,
          body:
            note === undefined
              ? { state: to }
              : { state: to, needs_action_payload: { instructions: note } },
        });
        return { moved: true };
      } catch (error) {
        if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 410)) {
          throw error;
        }
        const now = await api.request(getPortfolioAction, { params }).catch(() => null);
        return { moved: false, state: now?.state ?? null };
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.actionQueue }),
        queryClient.invalidateQueries({ queryKey: queryKeys.portfolios }),
      ]),
  });
}
