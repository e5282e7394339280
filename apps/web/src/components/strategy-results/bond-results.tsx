import type { BondSimulationResult, SimulationResult } from '@ballast/contract';
import { FigureList } from '../ui/figure-list.tsx';
import { SectionCard } from '../ui/section-card.tsx';
import { headlineFigures } from './headline-figures.ts';
import { HoldingsTable } from './holdings-table.tsx';
import { TokenResults } from './token-results.tsx';

/** Everything a bond simulation says about the portfolio it builds (product §3). */
export function BondResults(props: {
  result: BondSimulationResult;
  backtest?: SimulationResult;
  dimmed?: boolean;
}) {
  const backtest = props.backtest ?? props.result.backtest;
  return (
    <div
      aria-busy={props.dimmed ?? false}
      className={`grid gap-4 ${props.dimmed ? 'opacity-50' : ''}`}
    >
      <SectionCard title="Portfolio">
        <FigureList columns="grid-cols-2 sm:grid-cols-4" figures={headlineFigures(props.result)} />
      </SectionCard>
      <HoldingsTable result={props.result} />
      {backtest && <TokenResults result={backtest} />}
    </div>
  );
}
