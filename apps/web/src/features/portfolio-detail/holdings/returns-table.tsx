import type { BenchmarkReturns, HoldingReport } from '@ballast/contract';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { formatPercent, formatUsd, MISSING } from '../../../lib/format.ts';
import { returnRows } from './return-rows.ts';

function signed(value: number | null): string {
  if (value === null) return MISSING;
  return `${value > 0 ? '+' : ''}${value.toFixed(2)} pts`;
}

function tone(value: number | null): string {
  if (value === null || value === 0) return '';
  return value > 0 ? 'text-emerald-800' : 'text-red-800';
}

/** Returns over each period in dollars and percent, beside the benchmark's where it has one. */
export function ReturnsTable(props: {
  holding: HoldingReport;
  benchmark: BenchmarkReturns | null;
}) {
  const rows = returnRows(props.holding, props.benchmark);
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
                  {row.label}
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
    </SectionCard>
  );
}
