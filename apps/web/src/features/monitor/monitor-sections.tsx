import type { Action, PortfolioListItem } from '@ballast/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/button.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { paths } from '../../config/paths.ts';
import { ACTION_TYPE_LABELS } from '../../lib/action-words.ts';
import { formatDate } from '../../lib/format.ts';
import {
  ageInDays,
  CATEGORY_LABELS,
  MONITOR_CATEGORIES,
  type MonitorCategory,
  type MonitorItem,
} from './monitor-items.ts';

const linkClass = 'font-semibold text-navy-700 underline hover:text-navy-800';

function ageText(item: MonitorItem, now: number): string {
  const days = ageInDays(item, now);
  if (days === null) return '';
  if (days === 0) return 'Under a day';
  return days === 1 ? '1 day' : `${days} days`;
}

function ClientLink({ item }: { item: MonitorItem }) {
  return (
    <Link to={paths.portfolio(item.portfolioId)} className={linkClass}>
      {item.clientName || 'Unnamed client'}
    </Link>
  );
}

const typeOf = (item: MonitorItem) =>
  item.requestType ? ACTION_TYPE_LABELS[item.requestType] : '';

type Column = { header: string; cell(item: MonitorItem): ReactNode };

function ItemTable(props: { caption: string; columns: Column[]; items: MonitorItem[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{props.caption}</caption>
        <thead className="border-b border-slate-300 text-xs text-slate-700">
          <tr>
            {props.columns.map((column) => (
              <th key={column.header} scope="col" className="py-2 pr-4 font-semibold">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {props.items.map((item) => (
            <tr key={item.key} className="align-top">
              {props.columns.map((column) => (
                <td key={column.header} className="py-2 pr-4 text-slate-900">
                  {column.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const client: Column = { header: 'Client', cell: (item) => <ClientLink item={item} /> };
const advisor: Column = { header: 'Advisor', cell: (item) => item.advisorName };

/** A request waiting for the advisor: what operations asks, and how to answer it. */
function NeedsYou(props: {
  item: MonitorItem & { action: Action };
  now: number;
  onRespond(action: Action): void;
}) {
  const { item } = props;
  const inChannel = item.action.state.startsWith('NEEDS-ACTION-IN-CHANNEL');
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <ClientLink item={item} />
        <span className="font-semibold text-slate-900">{typeOf(item)}</span>
        <span className="text-slate-700">{item.status}</span>
        <span className="text-slate-700">{item.advisorName}</span>
        <span className="text-slate-700">Waiting {ageText(item, props.now).toLowerCase()}</span>
      </div>
      <div className="mt-2 rounded-md border-l-4 border-amber-500 bg-amber-50 px-3 py-2 text-sm">
        <p className="font-semibold text-slate-800">Operations asks:</p>
        <p className="mt-1 whitespace-pre-wrap text-slate-900">{item.detail}</p>
      </div>
      {inChannel ? (
        <Button className="mt-3" onClick={() => props.onRespond(item.action)}>
          Respond
          <span className="sr-only">
            {' '}
            to the {typeOf(item).toLowerCase()} of {item.clientName}
          </span>
        </Button>
      ) : (
        <p className="mt-2 text-sm text-slate-800">
          <span className="font-semibold">What to do:</span> this is done outside Ballast. Do what
          operations asks (a call, a signed form, a document to the custodian); operations then
          resumes the request.
        </p>
      )}
    </li>
  );
}

function UnfinishedActions(props: {
  portfolio: PortfolioListItem;
  onDelete(portfolio: PortfolioListItem): void;
}) {
  const { portfolio } = props;
  if (portfolio.status !== 'INCOMPLETE') {
    return (
      <Link to={paths.portfolio(portfolio.id)} className={linkClass}>
        Open the requests
      </Link>
    );
  }
  const name = portfolio.client_name || 'an unnamed client';
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={paths.onboardingStep(portfolio.id)} className={buttonClassName('secondary', 'h-9')}>
        Resume<span className="sr-only"> the onboarding of {name}</span>
      </Link>
      <Button variant="danger" className="h-9" onClick={() => props.onDelete(portfolio)}>
        Delete<span className="sr-only"> the portfolio of {name}</span>
      </Button>
    </div>
  );
}

function CategoryBody(props: {
  category: MonitorCategory;
  items: MonitorItem[];
  now: number;
  onRespond(action: Action): void;
  onDelete(portfolio: PortfolioListItem): void;
}) {
  const { category, items, now } = props;
  const caption = CATEGORY_LABELS[category];
  switch (category) {
    case 'needs-you':
      return (
        <ul aria-label={caption} className="space-y-3">
          {items.map((item) =>
            item.action ? (
              <NeedsYou
                key={item.key}
                item={{ ...item, action: item.action }}
                now={now}
                onRespond={props.onRespond}
              />
            ) : null,
          )}
        </ul>
      );
    case 'in-progress':
      return (
        <ItemTable
          caption={caption}
          items={items}
          columns={[
            client,
            advisor,
            { header: 'Request', cell: typeOf },
            { header: 'State', cell: (item) => item.status },
            { header: 'Asks for', cell: (item) => item.detail },
            { header: 'Age', cell: (item) => ageText(item, now) },
          ]}
        />
      );
    case 'failed':
      return (
        <ItemTable
          caption={caption}
          items={items}
          columns={[
            client,
            advisor,
            { header: 'Request', cell: typeOf },
            { header: 'Reason', cell: (item) => item.detail },
            { header: 'Age', cell: (item) => ageText(item, now) },
          ]}
        />
      );
    case 'unfinished':
      return (
        <ItemTable
          caption={caption}
          items={items}
          columns={[
            client,
            advisor,
            { header: 'Status', cell: (item) => item.status },
            { header: 'What to do', cell: (item) => item.detail },
            {
              header: 'Actions',
              cell: (item) =>
                item.portfolio && (
                  <UnfinishedActions portfolio={item.portfolio} onDelete={props.onDelete} />
                ),
            },
          ]}
        />
      );
    case 'do-not-trade':
      return (
        <ItemTable
          caption={caption}
          items={items}
          columns={[
            client,
            advisor,
            { header: 'Status', cell: (item) => item.status },
            { header: 'Setting', cell: (item) => item.portfolio?.user_dnt },
          ]}
        />
      );
    case 'alerts':
      return (
        <ItemTable
          caption={caption}
          items={items}
          columns={[
            client,
            advisor,
            { header: 'Alert', cell: (item) => item.status },
            { header: 'Why', cell: (item) => item.detail },
            { header: 'Report of', cell: (item) => formatDate(item.alert?.report_date) },
          ]}
        />
      );
  }
}

/** One card per category (or the one chosen), each saying so when it has nothing. */
export function MonitorSections(props: {
  items: MonitorItem[];
  only: MonitorCategory | null;
  now: number;
  onRespond(action: Action): void;
  onDelete(portfolio: PortfolioListItem): void;
}) {
  const categories = props.only ? [props.only] : MONITOR_CATEGORIES;
  return (
    <div className="space-y-4">
      {categories.map((category) => {
        const items = props.items.filter((item) => item.category === category);
        return (
          <SectionCard key={category} title={`${CATEGORY_LABELS[category]} (${items.length})`}>
            {items.length === 0 ? (
              <p className="text-sm text-slate-700">Nothing here.</p>
            ) : (
              <CategoryBody
                category={category}
                items={items}
                now={props.now}
                onRespond={props.onRespond}
                onDelete={props.onDelete}
              />
            )}
          </SectionCard>
        );
      })}
    </div>
  );
}
