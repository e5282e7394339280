import type { SimulationResult } from '@ballast/contract';
import { FigureList } from '../ui/figure-list.tsx';
import { SectionCard } from '../ui/section-card.tsx';
import { tokenHeadlineFigures } from './headline-figures.ts';

/** What a backtest says: balance against the benchmark, harvesting and statistics (product §3). */
export function TokenResults(props: { result: SimulationResult; dimmed?: boolean }) {
  return (
    <div
      aria-busy={props.dimmed ?? false}
      className={`grid gap-4 ${props.dimmed ? 'opacity-50' : ''}`}
    >
      <SectionCard title="Performance">
        <FigureList
          columns="grid-cols-2 sm:grid-cols-4"
          figures={tokenHeadlineFigures(props.result)}
        />
      </SectionCard>
    </div>
  );
}
