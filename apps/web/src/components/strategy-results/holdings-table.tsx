import type { BondSimulationResult, SimulationResult } from '@ballast/contract';
import { downloadCsv, toCsv } from '../../lib/csv.ts';
import { Button } from '../ui/button.tsx';
import { SectionCard } from '../ui/section-card.tsx';
import { BOND_HOLDING_COLUMNS, BOND_HOLDING_CSV_COLUMNS, bondHoldings } from './bond-holdings.ts';
import { ScrollRegion } from './scroll-region.tsx';

/**
 * The positions the engine chose for a bond strategy, largest first, exportable as CSV. The
 * yields and duration of a position are its parts of the portfolio's figures over its weight.
 */
export function HoldingsTable(props: {
  result: BondSimulationResult;
  backtest?: SimulationResult;
  /** The downloaded file's name; "strategy-holdings.csv" unless the page knows better. */
  fileName?: string;
}) {
  const holdings = bondHoldings(props.result, props.backtest ?? props.result.backtest);
  return (
    <SectionCard
      title="Holdings"
      actions={
        <Button
          variant="secondary"
          disabled={holdings.length === 0}
          onClick={() =>
            downloadCsv(
              props.fileName ?? 'strategy-holdings.csv',
              toCsv(BOND_HOLDING_CSV_COLUMNS, holdings),
            )
          }
        >
          Export CSV
        </Button>
      }
    >
      <p className="mb-2 text-xs text-slate-600">
        {holdings.length} positions. Each position's yields and duration are its part of the
        portfolio's figure over its weight.
      </p>
      <ScrollRegion
        label="Holdings table"
        className="max-h-[28rem] overflow-auto rounded border border-slate-200"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Holdings the engine chose, largest weight first</caption>
          <thead className="sticky top-0 bg-slate-50">
            <tr>
              {BOND_HOLDING_COLUMNS.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={`px-2 py-1.5 font-semibold whitespace-nowrap ${column.numeric ? 'text-right' : 'text-left'}`}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {holdings.map((holding) => (
              <tr key={holding.cusip} className="border-t border-slate-100">
                {BOND_HOLDING_COLUMNS.map((column) => (
                  <td
                    key={column.key}
                    className={`px-2 py-1 whitespace-nowrap ${column.numeric ? 'text-right tabular-nums' : 'font-mono'}`}
                  >
                    {column.format(holding)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </SectionCard>
  );
}
