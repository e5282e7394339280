import type { PortfolioDetail } from '@ballast/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { paths } from '../../../config/paths.ts';
import { useCurrentAdvisor } from '../../../lib/use-current-advisor.ts';
import { CashRequestForm } from './cash-request-form.tsx';
import { ClientDetailForm } from './client-detail-form.tsx';
import { CloseAccountForm } from './close-account-form.tsx';
import { CustodianForm } from './custodian-form.tsx';
import { DoNotTradeForm } from './do-not-trade-form.tsx';

type RequestKind = 'deposit' | 'withdrawal' | 'dnt' | 'client' | 'custodian' | 'close';

const REQUESTS: { kind: RequestKind; button: string; title: string; wide?: boolean }[] = [
  { kind: 'deposit', button: 'Deposit', title: 'Request a deposit' },
  { kind: 'withdrawal', button: 'Withdrawal', title: 'Request a withdrawal' },
  { kind: 'dnt', button: 'Do not trade', title: 'Change the do-not-trade setting' },
  { kind: 'client', button: 'Client details', title: 'Change client details', wide: true },
  { kind: 'custodian', button: 'Custodian', title: 'Change custodian accounts', wide: true },
  { kind: 'close', button: 'Close account', title: 'Close the account' },
];

function formFor(kind: RequestKind, detail: PortfolioDetail, onDone: () => void): ReactNode {
  switch (kind) {
    case 'deposit':
    case 'withdrawal':
      return <CashRequestForm portfolioId={detail.id} kind={kind} onDone={onDone} />;
    case 'dnt':
      return <DoNotTradeForm portfolioId={detail.id} current={detail.user_dnt} onDone={onDone} />;
    case 'client':
      return (
        <ClientDetailForm
          portfolioId={detail.id}
          current={detail.current_client_data}
          onDone={onDone}
        />
      );
    case 'custodian':
      return (
        <CustodianForm
          portfolioId={detail.id}
          current={detail.current_custodians}
          onDone={onDone}
        />
      );
    case 'close':
      return (
        <CloseAccountForm portfolioId={detail.id} clientName={detail.client_name} onDone={onDone} />
      );
  }
}

/**
 * The requests an advisor can make of operations, each in its own modal. An account still in
 * onboarding or already closed takes none (the api refuses them with 409), and operations staff
 * make none (403): they carry requests out.
 */
export function RequestButtons({ detail }: { detail: PortfolioDetail }) {
  const [open, setOpen] = useState<RequestKind | null>(null);
  const role = useCurrentAdvisor({ refetchOnMount: false }).data?.role;
  if (role === 'OPERATIONS') {
    return (
      <p className="text-sm text-slate-600">
        Operations staff do not make client requests; the account's advisors do.
      </p>
    );
  }
  if (detail.status === 'INCOMPLETE' || detail.status === 'CLOSED') {
    return (
      <p className="text-sm text-slate-600">
        {detail.status === 'CLOSED'
          ? 'This account is closed and takes no requests.'
          : 'Requests can be made once the account is opened.'}
      </p>
    );
  }
  const current = REQUESTS.find((request) => request.kind === open);
  const close = () => setOpen(null);
  return (
    <>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">New request</legend>
        {/* A strategy change is designed on the build screen, which sends the request. */}
        <Link
          to={paths.buildFromPortfolio(detail.id)}
          className="inline-flex items-center justify-center rounded-md bg-navy-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-navy-800"
        >
          Change strategy
        </Link>
        {REQUESTS.map((request) => (
          <Button
            key={request.kind}
            variant={request.kind === 'close' ? 'secondary' : 'primary'}
            className="px-3 py-1.5"
            aria-haspopup="dialog"
            onClick={() => setOpen(request.kind)}
          >
            {request.button}
          </Button>
        ))}
      </fieldset>
      <Modal
        open={current !== undefined}
        onOpenChange={(isOpen) => !isOpen && close()}
        title={current?.title ?? ''}
        {...(current?.wide ? { wide: true } : {})}
      >
        {current && formFor(current.kind, detail, close)}
      </Modal>
    </>
  );
}
