import type { PortfolioDetail } from '@ballast/contract';
import { isBondResult, STALE_RESULTS_CLASS } from '../../components/strategy-results/index.ts';
import { FigureList } from '../../components/ui/figure-list.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { LoadingBlock } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { formatUsd, MISSING } from '../../lib/format.ts';
import { runFailureReason, useStrategySimulation } from '../../lib/use-simulation.ts';
import {
  type AnyResult,
  figuresSideBySide,
  movingCost,
  strategyInputOf,
} from './strategy-change-impact.ts';

function MovingCostFigures(props: { portfolio: PortfolioDetail; proposed: AnyResult }) {
  const assets = props.portfolio.current_holding?.assets ?? [];
  if (!isBondResult(props.proposed) || !props.proposed.contributions || assets.length === 0) {
    return null;
  }
  const cost = movingCost(assets, props.proposed);
  return (
    <div className="mt-4 border-t border-slate-200 pt-3">
      <h3 className="mb-2 text-sm font-bold text-navy-800">What moving would sell</h3>
      <FigureList
        columns="grid-cols-2 sm:grid-cols-4"
        figures={[
          { label: 'Positions sold', value: `${cost.sold.length} of ${assets.length}` },
          { label: 'Sale proceeds', value: formatUsd(cost.proceeds, { whole: true }) },
          { label: 'Gains realised', value: formatUsd(cost.realisedGains, { whole: true }) },
          { label: 'Losses realised', value: formatUsd(cost.realisedLosses, { whole: true }) },
        ]}
      />
      <p className="mt-2 text-xs text-slate-600">
        From the latest holding report ({props.portfolio.current_holding?.report_date}): each
        position the proposed portfolio does not hold, with its gain or loss to date. The split into
        short and long term, and the tax on it, depend on the lots sold, which operations settles
        under the account’s accounting method.
      </p>
    </div>
  );
}

/**
 * The change before it is requested: the current strategy's figures beside the proposed ones,
 * and what moving would sell from the account as it stands.
 */
export function StrategyChangeImpact(props: {
  portfolio: PortfolioDetail;
  proposed: AnyResult | null;
  isProposedCurrent: boolean;
}) {
  const { portfolio, proposed } = props;
  const current = portfolio.current_strategy;
  const run = useStrategySimulation(current ? strategyInputOf(current) : undefined);
  if (!current) return null;
  const rows = run.data && proposed ? figuresSideBySide(run.data, proposed) : [];
  return (
    <SectionCard title="The change, before it is requested">
      {run.isError ? (
        <p className="text-sm text-slate-700">
          The current strategy could not be simulated:{' '}
          {runFailureReason(run.error) ?? errorMessage(run.error)}
        </p>
      ) : rows.length === 0 ? (
        <LoadingBlock label="Simulating the current strategy" rows={3} />
      ) : (
        <div className={props.isProposedCurrent ? '' : STALE_RESULTS_CLASS}>
          <table className="w-full text-sm">
            <caption className="sr-only">Current and proposed strategy figures</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs text-slate-600 uppercase">
                <th scope="col" className="py-1 font-medium">
                  Figure
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Current
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Proposed
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-slate-100">
                  <th scope="row" className="py-1 text-left font-normal text-slate-700">
                    {row.label}
                  </th>
                  <td className="py-1 text-right tabular-nums">{row.current ?? MISSING}</td>
                  <td
                    className={`py-1 text-right tabular-nums ${row.current !== row.proposed ? 'font-semibold text-navy-800' : ''}`}
                  >
                    {row.proposed ?? MISSING}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {proposed && <MovingCostFigures portfolio={portfolio} proposed={proposed} />}
        </div>
      )}
    </SectionCard>
  );
}
