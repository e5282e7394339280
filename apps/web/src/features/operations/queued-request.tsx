import type { ActionState, QueuedAction } from '@ballast/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { ACTION_TYPE_LABELS, describePayload } from '../../lib/action-words.ts';
import { formatDateTime } from '../../lib/format.ts';
import { formatAge, type Offer, offersFor, stateName } from './queue-moves.ts';

function tone(state: ActionState): string {
  if (state.startsWith('NEEDS-ACTION')) return 'bg-red-100 text-red-900';
  if (state === 'PENDING') return 'bg-amber-100 text-amber-900';
  return 'bg-sky-100 text-sky-900';
}

function StateName({ state }: { state: ActionState }) {
  return (
    <span
      data-state={state}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone(state)}`}
    >
      {stateName(state)}
    </span>
  );
}

/** Who moved the request, when, from what to what: the whole log, oldest first. */
function History({ item }: { item: QueuedAction }) {
  const count = item.transitions.length;
  return (
    <details className="mt-3 rounded-md border border-slate-200">
      <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-navy-700">
        History ({count} {count === 1 ? 'change' : 'changes'})
      </summary>
      <div className="overflow-x-auto px-3 pb-3">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            History of the {ACTION_TYPE_LABELS[item.action.action_type].toLowerCase()} for{' '}
            {item.client_name}
          </caption>
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3 font-semibold">
                When
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Who
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                From
              </th>
              <th scope="col" className="py-1 font-semibold">
                To
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {item.transitions.map((row) => (
              <tr key={`${row.at}:${row.to_state}:${row.from_state ?? ''}`}>
                <td className="py-1 pr-3 whitespace-nowrap">{formatDateTime(row.at)}</td>
                <td className="py-1 pr-3">{row.actor_name}</td>
                <td className="py-1 pr-3">
                  {row.from_state ? stateName(row.from_state) : 'Created'}
                </td>
                <td className="py-1">{stateName(row.to_state)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** One open request: what, for whom, how long it has waited, and the moves the api allows. */
export function QueuedRequest(props: {
  item: QueuedAction;
  now: number;
  onChoose(offer: Offer): void;
}) {
  const { item, now } = props;
  const { action } = item;
  const titleId = useId();
  const offers = offersFor(item);
  const payload = describePayload(action);
  return (
    <li
      aria-labelledby={titleId}
      data-action-id={action.id}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="text-base font-semibold text-slate-900">
              {ACTION_TYPE_LABELS[action.action_type]}
              {payload && ` of ${payload}`}
            </h3>
            <StateName state={action.state} />
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-slate-600">Client</dt>
            <dd className="min-w-0 break-words">
              <Link
                to={paths.portfolio(action.portfolio_id)}
                className="font-semibold text-navy-700 underline"
              >
                {item.client_name || 'Unnamed client'}
              </Link>
            </dd>
            <dt className="text-slate-600">Advisor</dt>
            <dd>{item.advisor_name}</dd>
            <dt className="text-slate-600">Waiting</dt>
            <dd>
              {formatAge(action.created_at, now)}{' '}
              <span className="text-slate-600">(since {formatDateTime(action.created_at)})</span>
            </dd>
          </dl>
          {action.parent_action_id && (
            <p className="mt-1 text-sm text-slate-700">
              Carries out an approved request of the same client.
            </p>
          )}
          {action.needs_action_payload && (
            <div className="mt-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
              <p className="font-semibold">Asked of the advisor:</p>
              <p className="whitespace-pre-wrap">{action.needs_action_payload.instructions}</p>
            </div>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 md:max-w-xs md:justify-end">
          {offers.length === 0 ? (
            <p className="text-sm text-slate-700">Waiting for the advisor's answer.</p>
          ) : (
            offers.map((offer) => (
              <Button
                key={offer.label}
                variant={offer.kind === 'move' ? 'primary' : 'secondary'}
                className="px-3 py-1.5 text-xs"
                aria-haspopup="dialog"
                aria-describedby={titleId}
                onClick={() => props.onChoose(offer)}
              >
                {offer.label}
              </Button>
            ))
          )}
        </div>
      </div>
      <History item={item} />
    </li>
  );
}
