import type { SimulationResult } from '@ballast/contract';
import { formatPercent } from '../../lib/format.ts';
import { ShareChart } from '../chart/share-chart.tsx';
import { SectionCard } from '../ui/section-card.tsx';
import {
  BalanceSection,
  HarvestSection,
  PerformanceStatistics,
  StakingSection,
} from './backtest-sections.tsx';
import { sharesBySize } from './labels.ts';
import { ResultsArea } from './results-area.tsx';
import { RowTable } from './row-table.tsx';
import { ScrollRegion } from './scroll-region.tsx';

const ATTRIBUTE_TITLES = {
  consensus_mechanism: 'Consensus mechanism',
  market_capitalization: 'Market capitalisation',
  sector: 'Sector',
  volume: 'Volume',
} as const;

/**
 * What a token strategy's backtest says (product §3 'Simulation result (general)'): the balance
 * against the benchmark, harvesting and staking, the statistics, the holdings and their
 * attributes.
 */
export function TokenResults(props: { result: SimulationResult; dimmed?: boolean }) {
  const { result } = props;
  return (
    <ResultsArea label="Token strategy results" dimmed={props.dimmed}>
      <BalanceSection result={result} />
      <div className="grid grid-cols-1 gap-4 @3xl:grid-cols-2">
        <div className="grid content-start gap-4">
          <PerformanceStatistics result={result} />
          <StakingSection result={result} />
        </div>
        <TokenHoldings holdings={result.holdings} />
      </div>
      <HarvestSection result={result} />
      <SectionCard title="Attributes">
        <div className="grid grid-cols-1 gap-6 @3xl:grid-cols-2">
          {(Object.keys(ATTRIBUTE_TITLES) as (keyof typeof ATTRIBUTE_TITLES)[]).map((key) => (
            <div key={key} className="min-w-0">
              <h3 className="mb-1 text-sm font-bold text-navy-800">{ATTRIBUTE_TITLES[key]}</h3>
              <ShareChart
                title={ATTRIBUTE_TITLES[key]}
                shares={sharesBySize(result.attributes[key])}
              />
            </div>
          ))}
        </div>
      </SectionCard>
    </ResultsArea>
  );
}

/** The tokens held at the end of the window, largest weight first. */
function TokenHoldings({ holdings }: { holdings: Record<string, number> }) {
  return (
    <SectionCard title="Holdings">
      <ScrollRegion label="Token holdings table" className="max-h-96 overflow-auto">
        <RowTable
          caption="Holdings at the end of the window by weight"
          rowHeader={{ header: 'Token', cell: (row) => row.label }}
          columns={[{ header: 'Weight', cell: (row) => formatPercent(row.pct), numeric: true }]}
          rows={sharesBySize(holdings)}
          rowKey={(row) => row.key}
          sticky
        />
      </ScrollRegion>
    </SectionCard>
  );
}
