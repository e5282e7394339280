import type { PortfolioDetail } from '@ballast/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PortfolioStatusBadge } from '../../components/portfolio-status-badge.tsx';
import { paths } from '../../config/paths.ts';

/** The client's name, the account's status and do-not-trade setting, and the request buttons. */
export function DetailHeader(props: { detail: PortfolioDetail; requests?: ReactNode }) {
  const { detail } = props;
  return (
    <header className="flex flex-col gap-3">
      <Link to={paths.home} className="w-fit text-sm font-medium text-navy-700 underline">
        ← Back to portfolios
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-navy-800">{detail.client_name}</h1>
          <PortfolioStatusBadge status={detail.status} named />
          <span
            className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${detail.user_dnt ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700'}`}
          >
            Do not trade: {detail.user_dnt ?? 'off'}
          </span>
        </div>
        {props.requests}
      </div>
    </header>
  );
}
