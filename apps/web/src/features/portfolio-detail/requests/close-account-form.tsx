import { RequestForm } from '../../../components/request-form.tsx';
import { useCloseAccount } from './use-close-account.ts';

/**
 * Asks operations to close the account (CLOSE-ACCOUNT). It carries no details, so it is a
 * confirmation; once sent it cannot be cancelled from the app (decision 008).
 */
export function CloseAccountForm(props: {
  portfolioId: string;
  clientName: string;
  onDone(): void;
}) {
  const close = useCloseAccount(props.portfolioId, props.onDone);
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
