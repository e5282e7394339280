import { useState } from 'react';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { CashFlowChart } from './cash-flow-chart.tsx';
import { DEFAULT_HISTORY_RANGE, type HistoryRange, rangeStart } from './history-range.ts';
import { HistoryRangePicker } from './history-range-picker.tsx';
import { NavHistoryChart } from './nav-history-chart.tsx';
import { RealizedGainLossChart } from './realized-gain-loss-chart.tsx';

/**
 * The daily series over one chosen period: NAV, then the money moved and the gains realized.
 * Ranges count back from the latest report, so an account whose reports stopped still shows
 * its last month under "1M".
 */
export function HistorySection(props: { portfolioId: string; lastReportDate: string }) {
  const [range, setRange] = useState<HistoryRange>(DEFAULT_HISTORY_RANGE);
  const start = rangeStart(range, props.lastReportDate);
  return (
    <SectionCard title="History" actions={<HistoryRangePicker value={range} onChange={setRange} />}>
      <h3 className="mb-1 text-sm font-bold text-navy-800">Net asset value</h3>
      <NavHistoryChart portfolioId={props.portfolioId} start={start} />
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="min-w-0">
          <h3 className="mb-1 text-sm font-bold text-navy-800">Deposits and withdrawals</h3>
          <CashFlowChart portfolioId={props.portfolioId} start={start} />
        </div>
        <div className="min-w-0">
          <h3 className="mb-1 text-sm font-bold text-navy-800">Realized gains and losses</h3>
          <RealizedGainLossChart portfolioId={props.portfolioId} start={start} />
        </div>
      </div>
    </SectionCard>
  );
}
