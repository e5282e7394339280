import type { BenchmarkReturns, HoldingReport, ReturnBridge } from '@ballast/contract';
import { useState } from 'react';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { formatPercent, formatUsd, MISSING } from '../../../lib/format.ts';
import { ReturnBridgeDialog } from './return-bridge-dialog.tsx';
import { returnRows } from './return-rows.ts';
import { useReturnBridges } from './use-return-bridges.ts';

function signed(value: number | null): string {
  if (value === null) return MISSING;
  return `${value > 0 ? '+' : ''}${value.toFixed(2)} pts`;
}

function tone(value: number | null): string {
  if (value === null || value === 0) return '';
  return value > 0 ? 'text-emerald-800' : 'text-red-800';
}

/**
 * Returns over each period in dollars and percent, beside the benchmark's where it has one. A
 * period the api has a bridge for opens into it: its name is a button.
 */
export function ReturnsTable(props: {
  portfolioId: string;
  holding: HoldingReport;
  benchmark: BenchmarkReturns | null;
}) {
  const rows = returnRows(props.holding, props.benchmark);
  const bridges = useReturnBridges(props.portfolioId).data;
  const [opened, setOpened] = useState<ReturnBridge | null>(null);
  // Bridges of an older report would not explain the figures shown beside them.
  const bridgeOf = (period: string) =>
    bridges?.report_date === props.holding.report_date
      ? bridges.bridges.find((bridge) => bridge.period === period)
      : undefined;
  const openedRow = opened ? rows.find((row) => row.period === opened.period) : undefined;
  return (
    <SectionCard title="Returns">
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Returns against the benchmark by period</caption>
          <thead>
            <tr className="border-b border-slate-300 text-left">
              <th scope="col" className="py-1.5 pr-3 font-semibold">
                Period
              </th>
              <th scope="col" className="py-1.5 pr-3 text-right font-semibold">
                Return ($)
              </th>
              <th scope="col" className="py-1.5 pr-3 text-right font-semibold">
                Return (%)
              </th>
              <th scope="col" className="py-1.5 pr-3 text-right font-semibold">
                Benchmark (%)
              </th>
              <th scope="col" className="py-1.5 text-right font-semibold">
                Difference
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.period} className="border-b border-slate-100">
                <th scope="row" className="py-1.5 pr-3 text-left font-medium">
                  <PeriodName label={row.label} bridge={bridgeOf(row.period)} onOpen={setOpened} />
                </th>
                <td className={`py-1.5 pr-3 text-right tabular-nums ${tone(row.usd)}`}>
                  {formatUsd(row.usd)}
                </td>
                <td className={`py-1.5 pr-3 text-right tabular-nums ${tone(row.pct)}`}>
                  {formatPercent(row.pct)}
                </td>
                <td className="py-1.5 pr-3 text-right tabular-nums">
                  {formatPercent(row.benchmarkPct)}
                </td>
                <td className={`py-1.5 text-right tabular-nums ${tone(row.excessPct)}`}>
                  {signed(row.excessPct)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {opened && (
        <ReturnBridgeDialog
          bridge={opened}
          periodLabel={openedRow?.label ?? opened.period}
          open
          onOpenChange={(open) => {
            if (!open) setOpened(null);
          }}
        />
      )}
    </SectionCard>
  );
}

function PeriodName(props: {
  label: string;
  bridge: ReturnBridge | undefined;
  onOpen(bridge: ReturnBridge): void;
}) {
  const { bridge } = props;
  if (!bridge) return props.label;
  return (
    <button
      type="button"
      className="rounded-sm text-left text-navy-700 underline decoration-dotted underline-offset-4 hover:text-navy-900 hover:decoration-solid"
      aria-haspopup="dialog"
      aria-label={`${props.label}: open the return's bridge`}
      onClick={() => props.onOpen(bridge)}
    >
      {props.label}
    </button>
  );
}
