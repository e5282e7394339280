import type { Action, PortfolioDetail, StrategyInput } from '@ballast/contract';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { formatDate } from '../../lib/format.ts';
import {
  type NewAccountStrategy,
  readNewAccountStrategy,
  saveNewAccountStrategy,
} from '../../lib/new-account-strategy.ts';
import { AddToCatalogue } from './add-to-catalogue.tsx';
import { useRequestStrategyChange } from './use-request-strategy-change.ts';

function savedTime(saved: NewAccountStrategy): string {
  return new Date(saved.saved_at).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
  });
}

/**
 * Keeps the strategy for an account not opened yet, in this browser (and the address), where
 * account opening takes it: at once through "Open an account with it", or later from its
 * strategy step.
 */
function SaveForNewAccount(props: { strategy: StrategyInput | null; primary: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<NewAccountStrategy | null>(null);
  const address = `${location.pathname}${location.search}`;
  const isSavedNow = saved !== null && saved.address === address;
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          disabled={props.strategy === null}
          onClick={() =>
            props.strategy && setSaved(saveNewAccountStrategy(props.strategy, address))
          }
        >
          Save for a new account
        </Button>
        <Button
          variant={props.primary ? 'primary' : 'secondary'}
          disabled={props.strategy === null}
          onClick={() => {
            if (!props.strategy) return;
            saveNewAccountStrategy(props.strategy, address);
            navigate(paths.onboardingFromBuild);
          }}
        >
          Open an account with it
        </Button>
      </div>
      <p role="status" className="text-right text-xs text-slate-600">
        {isSavedNow &&
          `Saved at ${savedTime(saved)}: opening a new account will start from this strategy.`}
      </p>
    </div>
  );
}

function CreatedRequest({ action, portfolio }: { action: Action; portfolio: PortfolioDetail }) {
  return (
    <div role="status" className="rounded-md border border-green-700 bg-green-50 px-3 py-2 text-sm">
      <p className="font-semibold text-green-900">
        Strategy change requested for {portfolio.client_name}
      </p>
      <p className="text-slate-800">
        {action.action_type} · {action.state} · {formatDate(action.created_at)}
      </p>
      <Link to={paths.portfolio(portfolio.id)} className="font-medium text-navy-700 underline">
        See the request on the portfolio
      </Link>
    </div>
  );
}

function RequestChange(props: {
  strategy: StrategyInput | null;
  portfolio: PortfolioDetail;
  isCurrent: boolean;
}) {
  const request = useRequestStrategyChange(props.portfolio.id);
  if (request.data) return <CreatedRequest action={request.data} portfolio={props.portfolio} />;
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        disabled={props.strategy === null || props.isCurrent || request.isPending}
        onClick={() => props.strategy && request.mutate(props.strategy)}
      >
        {request.isPending ? 'Requesting…' : 'Request this strategy change'}
      </Button>
      {props.isCurrent && (
        <p className="text-xs text-slate-600">This is the portfolio’s current strategy.</p>
      )}
    </div>
  );
}

/** Compare opened with this strategy, beside the current one of the portfolio being changed. */
function CompareLink(props: { strategy: StrategyInput | null; portfolioId: string | null }) {
  if (props.strategy === null)
    return (
      <Button variant="secondary" disabled>
        Compare
      </Button>
    );
  return (
    <Link
      to={paths.compareFromBuild(props.strategy, props.portfolioId)}
      className={buttonClassName('secondary')}
    >
      Compare
    </Link>
  );
}

/**
 * What to do with the strategy: compare it, keep it for a new account, put it in the firm's
 * catalogue, or ask to move a portfolio to it.
 */
export function StrategyActions(props: {
  strategy: StrategyInput | null;
  portfolio: PortfolioDetail | null;
  isPortfolioStrategy: boolean;
}) {
  return (
    <div className="flex flex-wrap items-start justify-end gap-2">
      <CompareLink strategy={props.strategy} portfolioId={props.portfolio?.id ?? null} />
      <SaveForNewAccount strategy={props.strategy} primary={props.portfolio === null} />
      {props.portfolio === null && <AddToCatalogue strategy={props.strategy} />}
      {props.portfolio && (
        <RequestChange
          strategy={props.strategy}
          portfolio={props.portfolio}
          isCurrent={props.isPortfolioStrategy}
        />
      )}
    </div>
  );
}

/** A strategy kept earlier for a new account, offered while another one is on screen. */
export function SavedStrategyLink() {
  const location = useLocation();
  // Read at each render: saving happens in another part of the screen.
  const saved = readNewAccountStrategy();
  if (!saved || saved.address === `${location.pathname}${location.search}`) return null;
  return (
    <p className="text-sm text-slate-700">
      A strategy is saved for a new account ({formatDate(saved.saved_at)}, {savedTime(saved)}).{' '}
      <Link to={saved.address} className="font-medium text-navy-700 underline">
        Open the saved strategy
      </Link>
    </p>
  );
}
