import { closePortfolio } from '@ballast/contract';
import { useMutation } from '@tanstack/react-query';
import { notify } from '../../../components/toast/notify.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useApi } from '../../../lib/session-context.tsx';
import { useRefreshPortfolio } from './use-portfolio-actions.ts';

/** Sends CLOSE-ACCOUNT, which carries no details, and reports the new state in a toast. */
export function useCloseAccount(portfolioId: string, onDone: () => void) {
  const api = useApi();
  const refresh = useRefreshPortfolio();
  return useMutation({
    mutationFn: () =>
      api.request(closePortfolio, {
        params: { id: portfolioId },
        body: { action_payload: {} },
      }),
    onSuccess: (action) => {
      notify({ text: 'Account closing requested', theme: 'success', status: action.state });
      void refresh();
      onDone();
    },
    onError: (error) => {
      notify({
        text: 'The account closing was not requested.',
        theme: 'error',
        detail: errorMessage(error),
      });
    },
  });
}
