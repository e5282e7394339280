import { closePortfolio } from '@ballast/contract';
import { useMutation } from '@tanstack/react-query';
import { notify } from '../../components/toast/notify.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useApi } from '../auth/session-context.tsx';
import { RequestForm } from './request-form.tsx';
import { useRefreshPortfolio } from './use-portfolio-detail.ts';

/**
 * Asks operations to close the account (CLOSE-ACCOUNT). It carries no details, so it is a
 * confirmation; once sent it cannot be cancelled from the app (decision 008).
 */
export function CloseAccountForm(props: {
  portfolioId: string;
  clientName: string;
  onDone(): void;
}) {
  const api = useApi();
  const refresh = useRefreshPortfolio();
  const close = useMutation({
    mutationFn: () =>
      api.request(closePortfolio, {
        params: { id: props.portfolioId },
        body: { action_payload: {} },
      }),
    onSuccess: (action) => {
      notify({ text: 'Account closing requested', theme: 'success', status: action.state });
      void refresh();
      props.onDone();
    },
    onError: (error) => {
      notify({
        text: 'The account closing was not requested.',
        theme: 'error',
        detail: errorMessage(error),
      });
    },
  });
  return (
    <RequestForm
      onSubmit={() => close.mutate()}
      onCancel={props.onDone}
      submitLabel="Request closing"
      isPending={close.isPending}
      danger
    >
      <p className="text-sm text-slate-800">
        Operations will close the account of <strong>{props.clientName}</strong> with the custodian.
        Once sent, this request cannot be cancelled here.
      </p>
    </RequestForm>
  );
}
