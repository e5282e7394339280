import { type Action, cancelPortfolioAction } from '@ballast/contract';
import { useMutation } from '@tanstack/react-query';
import { notify } from '../../../components/toast/notify.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useApi } from '../../../lib/session-context.tsx';
import { useRefreshPortfolio } from './use-portfolio-actions.ts';

export type Withdrawal = { action: Action; kind: 'cancel' | 'dismiss' };

export const WITHDRAW_WORDS = {
  cancel: {
    title: 'Cancel this request?',
    confirm: 'Cancel request',
    keep: 'Keep request',
    done: 'Request cancelled',
    state: 'CANCELLED',
    failed: 'The request could not be cancelled.',
  },
  dismiss: {
    title: 'Dismiss this request?',
    confirm: 'Dismiss request',
    keep: 'Keep request',
    done: 'Request dismissed',
    state: 'DISMISSED',
    failed: 'The request could not be dismissed.',
  },
} as const;

/** DELETE …/actions/{id}: cancels a cancellable request or dismisses a dismissible one. */
export function useWithdrawAction(onSettled: () => void) {
  const api = useApi();
  const refresh = useRefreshPortfolio();
  return useMutation({
    mutationFn: ({ action }: Withdrawal) =>
      api.request(cancelPortfolioAction, {
        params: { id: action.portfolio_id, action_id: action.id },
      }),
    onSuccess: (_, { kind }) => {
      notify({
        text: WITHDRAW_WORDS[kind].done,
        theme: 'success',
        status: WITHDRAW_WORDS[kind].state,
      });
    },
    // 409 (no longer cancellable) and 410 (already gone) carry the server's reason.
    onError: (error, { kind }) => {
      notify({ text: WITHDRAW_WORDS[kind].failed, theme: 'error', detail: errorMessage(error) });
    },
    onSettled: () => {
      void refresh();
      onSettled();
    },
  });
}
