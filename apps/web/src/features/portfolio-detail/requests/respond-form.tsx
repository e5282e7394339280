import type { Action, PortfolioDetail } from '@ballast/contract';
import { AnswerOnlyForm } from './answer-only-form.tsx';
import { CashRequestForm } from './cash-request-form.tsx';
import { ClientDetailForm } from './client-detail-form.tsx';
import { CustodianForm } from './custodian-form.tsx';
import { DoNotTradeForm } from './do-not-trade-form.tsx';

/**
 * The answer to an in-channel request: the request's own form, filled with what was asked, so
 * the advisor can correct it while answering operations' instructions.
 */
export function RespondForm(props: { action: Action; detail: PortfolioDetail; onDone(): void }) {
  const { action, detail, onDone } = props;
  switch (action.action_type) {
    case 'REQUEST-DEPOSIT':
    case 'EXECUTE-DEPOSIT':
      return (
        <CashRequestForm
          portfolioId={detail.id}
          kind="deposit"
          respondTo={action}
          onDone={onDone}
        />
      );
    case 'REQUEST-WITHDRAWAL':
    case 'EXECUTE-WITHDRAWAL':
      return (
        <CashRequestForm
          portfolioId={detail.id}
          kind="withdrawal"
          respondTo={action}
          onDone={onDone}
        />
      );
    case 'SET-USER-DNT':
      return (
        <DoNotTradeForm
          portfolioId={detail.id}
          current={detail.user_dnt}
          respondTo={action}
          onDone={onDone}
        />
      );
    case 'UPDATE-CUSTODIAN':
      return (
        <CustodianForm
          portfolioId={detail.id}
          current={detail.current_custodians}
          respondTo={action}
          onDone={onDone}
        />
      );
    case 'UPDATE-CLIENT-DETAIL':
      return (
        <ClientDetailForm
          portfolioId={detail.id}
          current={detail.current_client_data}
          respondTo={action}
          onDone={onDone}
        />
      );
    case 'UPDATE-STRATEGY':
    case 'OPEN-ACCOUNT':
    case 'CLOSE-ACCOUNT':
      return <AnswerOnlyForm action={action} onDone={onDone} />;
  }
}
