import type { Action, PortfolioDetail } from '@ballast/contract';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { LoadingBlock } from '../../../components/ui/skeleton.tsx';
import { ACTION_TYPE_LABELS, describePayload } from '../../../lib/action-words.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { ActionStateBadge } from './action-state-badge.tsx';
import {
  canCancel,
  canDismiss,
  canRespond,
  displayState,
  needsAdvisor,
  sortNewestFirst,
} from './action-states.ts';
import { RespondForm } from './respond-form.tsx';
import { usePortfolioActions } from './use-portfolio-actions.ts';
import { useWithdrawAction, WITHDRAW_WORDS, type Withdrawal } from './use-withdraw-action.ts';

function ActionRow(props: {
  action: Action;
  onRespond(): void;
  onWithdraw(kind: Withdrawal['kind']): void;
}) {
  const { action } = props;
  const titleId = useId();
  const asksAdvisor = needsAdvisor(action.state);
  const details = describePayload(action);
  return (
    <li
      aria-labelledby={titleId}
      className={`flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between ${asksAdvisor ? 'rounded-md border-l-4 border-red-600 bg-red-50/40 pl-3' : ''}`}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="text-sm font-semibold text-slate-900">
            {ACTION_TYPE_LABELS[action.action_type]} of {formatDate(action.created_at)}
          </h3>
          <ActionStateBadge state={action.state} />
        </div>
        {details && <p className="mt-0.5 text-sm break-words text-slate-700">{details}</p>}
        {action.state === 'FAILED' && action.needs_action_payload && (
          <p className="mt-0.5 text-sm break-words text-slate-700">
            Reason: {action.needs_action_payload.instructions}
          </p>
        )}
        <p className="mt-0.5 text-xs text-slate-600">
          Last updated {formatDate(action.last_updated_at)}
        </p>
        {asksAdvisor && action.needs_action_payload && (
          <div className="mt-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
            <p className="font-semibold">Operations asks:</p>
            <p className="whitespace-pre-wrap">{action.needs_action_payload.instructions}</p>
            {displayState(action.state) === 'NEEDS-ACTION-OUT-OF-CHANNEL' && (
              <p className="mt-1 text-xs text-slate-700">
                This is done outside the app; operations resumes the request once it is.
              </p>
            )}
          </div>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {canRespond(action.state) && (
          <Button className="px-3 py-1 text-xs" aria-haspopup="dialog" onClick={props.onRespond}>
            Respond
          </Button>
        )}
        {canCancel(action.state) && (
          <Button
            variant="secondary"
            className="px-3 py-1 text-xs"
            aria-haspopup="dialog"
            onClick={() => props.onWithdraw('cancel')}
          >
            Cancel
          </Button>
        )}
        {canDismiss(action.state) && (
          <Button
            variant="secondary"
            className="px-3 py-1 text-xs"
            aria-haspopup="dialog"
            onClick={() => props.onWithdraw('dismiss')}
          >
            Dismiss
          </Button>
        )}
      </div>
    </li>
  );
}

/** The portfolio's requests and their states, with what the advisor can do about each. */
export function ActionList({ detail }: { detail: PortfolioDetail }) {
  const actions = usePortfolioActions(detail.id);
  const [responding, setResponding] = useState<Action | null>(null);
  const [withdrawing, setWithdrawing] = useState<Withdrawal | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const closeDialogs = () => {
    setResponding(null);
    setWithdrawing(null);
  };
  // A cancelled or answered request loses its button; the list then takes focus.
  const returnFocus = () => list.current;
  const withdraw = useWithdrawAction(closeDialogs);
  const words = withdrawing ? WITHDRAW_WORDS[withdrawing.kind] : null;

  return (
    <SectionCard title="Requests">
      {actions.isPending && <LoadingBlock label="Loading requests" rows={2} />}
      {actions.isError && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(actions.error)}
        </p>
      )}
      {actions.data && actions.data.length === 0 && (
        <p className="text-sm text-slate-600">No requests yet.</p>
      )}
      {actions.data && actions.data.length > 0 && (
        <ul ref={list} tabIndex={-1} className="divide-y divide-slate-100" aria-label="Requests">
          {sortNewestFirst(actions.data).map((action) => (
            <ActionRow
              key={action.id}
              action={action}
              onRespond={() => setResponding(action)}
              onWithdraw={(kind) => setWithdrawing({ action, kind })}
            />
          ))}
        </ul>
      )}
      <Modal
        open={responding !== null}
        onOpenChange={(isOpen) => !isOpen && closeDialogs()}
        returnFocus={returnFocus}
        title={
          responding ? `Respond: ${ACTION_TYPE_LABELS[responding.action_type].toLowerCase()}` : ''
        }
        wide={responding?.action_type === 'UPDATE-CLIENT-DETAIL'}
      >
        {responding && <RespondForm action={responding} detail={detail} onDone={closeDialogs} />}
      </Modal>
      <Modal
        open={withdrawing !== null}
        onOpenChange={(isOpen) => !isOpen && !withdraw.isPending && closeDialogs()}
        returnFocus={returnFocus}
        title={words?.title ?? ''}
      >
        {withdrawing && words && (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-slate-800">
              {ACTION_TYPE_LABELS[withdrawing.action.action_type]} of{' '}
              {formatDate(withdrawing.action.created_at)}
              {describePayload(withdrawing.action) && `: ${describePayload(withdrawing.action)}`}
            </p>
            <div className="flex justify-end gap-3">
              <Button variant="secondary" onClick={closeDialogs}>
                {words.keep}
              </Button>
              <Button
                variant="danger"
                disabled={withdraw.isPending}
                onClick={() => withdraw.mutate(withdrawing)}
              >
                {withdraw.isPending ? 'Submitting...' : words.confirm}
              </Button>
            </div>
          </div>
        )}
      </Modal>
    </SectionCard>
  );
}
